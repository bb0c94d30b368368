/**
 * `landunits ledger checkpoint` (issue 21): takes a signed ledger checkpoint now (core's
 * LedgerCheckpointService.take: the Merkle root over every transfer and each chain's head, signed with the
 * ledger key) and prints it, the way GET /api/ledger/checkpoints publishes it. The job takes one at least daily
 * by itself; this is for an operator who wants one at once (before an audit, after a migration). Audited.
 * Refused, and nothing signed, when the transfers since the last checkpoint no longer continue its chains.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

export const ledgerCheckpoint = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const service = yield* LedgerCheckpointService
      const result = yield* service.take
      if (result.taken) {
        yield* audit(operator, "ledger.checkpoint", `checkpoint:${result.checkpoint.number}`, {
          treeSize: String(result.checkpoint.treeSize),
          merkleRoot: result.checkpoint.merkleRoot,
        })
      }
      return { ...result, publicKey: service.publicKey }
    }),
    ({ checkpoint: c, taken, publicKey }) =>
      [
        taken
          ? `Took ledger checkpoint #${c.number}.`
          : `Checkpoint #${c.number} was taken by another process a moment ago; it is this one.`,
        `  at:          ${formatDateTimeZoned(c.at)} (${c.at})`,
        `  transfers:   ${c.treeSize}`,
        `  merkle root: ${c.merkleRoot}`,
        ...c.chains.map((ch) => `  chain ${`${ch.chain}:`.padEnd(11)} ${ch.length} at ${ch.head}`),
        `  key:         ${c.keyId} (${publicKey.algorithm}, GET /api/ledger/public-key)`,
        `  signature:   ${c.signature}`,
      ].join("\n"),
    ({ checkpoint, taken }) => ({ taken, checkpoint }),
  )
