/**
 * `landunits ledger checkpoint` (issue 21): takes a signed ledger checkpoint now (core's
 * LedgerCheckpointService.take: the Merkle root over every transfer, each chain's head, and each unit type's
 * proof-of-liabilities root and totals, signed with the ledger key) and prints it, the way GET /api/ledger/checkpoints publishes it. The job takes one at least daily
 * by itself; this is for an operator who wants one at once (before an audit, after a migration). Audited.
 * Refused, and nothing signed, when the transfers since the last checkpoint no longer continue its chains. Core's
 * use case: core/src/ledger/LedgerAdmin.ts `takeCheckpoint`.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { takeCheckpoint } from "@landunits/core/ledger/LedgerAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const ledgerCheckpoint = (cli: Cli) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) => takeCheckpoint(actingOf(operator))),
    ({ checkpoint: c, taken, publicKey }) =>
      [
        taken
          ? `Took ledger checkpoint #${c.number}.`
          : `Checkpoint #${c.number} was taken by another process a moment ago; it is this one.`,
        `  at:          ${formatDateTimeZoned(c.at)} (${c.at})`,
        `  transfers:   ${c.treeSize}`,
        `  merkle root: ${c.merkleRoot}`,
        ...c.chains.map((ch) => `  chain ${`${ch.chain}:`.padEnd(11)} ${ch.length} at ${ch.head}`),
        ...(c.liabilities ?? []).map(
          (l) =>
            `  owed ${`${l.unitType}:`.padEnd(12)} ${l.totals.owned} owned, ${l.totals.owned_DOUBLE_LAND} LU2X, ${l.totals.pendingBuy} pending buy, ${l.totals.pendingSell} pending sell, ${l.totals.convertLocked} convert-locked; root ${l.root}`,
        ),
        `  key:         ${c.keyId} (${publicKey.algorithm}, GET /api/ledger/public-key)`,
        `  signature:   ${c.signature}`,
      ].join("\n"),
    ({ checkpoint, taken }) => ({ taken, checkpoint }),
  )
