/**
 * `landunits ledger verify` (issue 21): reads every ledger transfer and audit entry in the order they were
 * stored, a page at a time, and recomputes with core's code (ChainVerifier.ts) each row's hash and place in its
 * chain, each chain's recorded head, and each kept balance from the transfers; and every signed checkpoint
 * (CheckpointCheck.ts): its signature, and its Merkle root and chain heads against the transfers and audit
 * entries up to its counts, as the stream reaches them. Read-only. Refused (exit 1) at the first row that does
 * not match, naming it and how (edited, missing, inserted or reordered), or at the first checkpoint the ledger
 * or its signature does not bear out, naming it and what differs.
 *
 * Every read of a run is in one read-only REPEATABLE READ transaction: the ledger as it stood when the run began,
 * whatever the app appends meanwhile. Read at different moments, a transfer committed after the chains were
 * walked showed in their recorded heads ("missing") and in the kept balances ("kept as … but its transfers sum to
 * …") of a sound ledger. On the embedded database (one backend) the app's own queries wait while it runs.
 *
 * Infrastructure: reads the stored rows (ChainRowsPg, its snapshot too: inOneSnapshot) and the signing key
 * (LedgerSigner) itself: it checks the storage, so it does not go through the use cases it checks; allowed in
 * cli/test/ThinCommands.test.ts.
 */
import {
  auditEntriesAfter,
  auditHead,
  CHAIN_PAGE,
  chainRowCount,
  inOneSnapshot,
  keptBalances,
} from "@landunits/adapters/postgres/ChainRowsPg.ts"
import { nativeLiabilitiesHasher } from "@landunits/adapters/postgres/NativeLiabilitiesHash.ts"
import { type ChainBreak, makeChainVerifier } from "@landunits/core/ledger/ChainVerifier.ts"
import {
  type CheckpointMismatch,
  makeAuditCheckpointCheck,
  verifyTransfersAndCheckpoints,
} from "@landunits/core/ledger/CheckpointCheck.ts"
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { LedgerSigner } from "@landunits/core/ledger/ports/LedgerSigner.ts"
import { AUDIT_CHAIN, CHAIN_GENESIS } from "@landunits/core/ledger/TransferChain.ts"
import { Effect, Schema } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { progress } from "../../support/Progress.ts"

export class LedgerDoesNotVerify extends Schema.TaggedError<LedgerDoesNotVerify>()("LedgerDoesNotVerify", {
  message: Schema.String,
}) {}

const refuse = (found: ChainBreak) =>
  new LedgerDoesNotVerify({ message: `the ledger does not verify: ${found.kind}: ${found.message}` })

const refuseCheckpoint = (found: CheckpointMismatch) =>
  new LedgerDoesNotVerify({ message: `the ledger does not verify: ${found.message}` })

export interface VerifyOptions {
  /** Ids of earlier ledger keys of this installation whose checkpoints are trusted (after a rotation). */
  readonly earlierKey?: ReadonlyArray<string>
}

export const ledgerVerify = (cli: Cli, o: VerifyOptions = {}) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* inOneSnapshot(verifyAll(o))
    }),
    answer,
  )

const verifyAll = (o: VerifyOptions) =>
  Effect.gen(function* () {
    // On a terminal, a bar of pages read (stderr): a million transfers are two hundred pages.
    const bar = progress("Verifying", Math.ceil((yield* chainRowCount) / CHAIN_PAGE) + 2)
    const balances = new Map<string, number>()
    // Keyed as ledger_balances rows are: "unit_type|account_key".
    const add = (unitType: string, key: string, units: number) => {
      const k = `${unitType}|${key}`
      balances.set(k, (balances.get(k) ?? 0) + units)
    }
    const signer = yield* LedgerSigner
    // Earlier keys: those named on the command line, and those the installation publishes (LEDGER_EARLIER_PUBLIC_KEYS).
    const published = (yield* LedgerCheckpointService).publicKey.earlier.map((k) => k.keyId)
    const earlier = [...new Set([...(o.earlierKey ?? []), ...published])]
    const transfers = yield* verifyTransfersAndCheckpoints(
      {
        pageSize: CHAIN_PAGE,
        onRow: (row) => {
          add(row.unitType, row.fromKey, -row.units)
          add(row.unitType, row.toKey, row.units)
          return undefined
        },
        onPage: () => Effect.sync(bar.tick),
      },
      { current: { keyId: signer.keyId, publicKey: signer.publicKey }, earlier },
      nativeLiabilitiesHasher,
    ).pipe(
      Effect.catchTags({
        TransferChainBroken: (found) => Effect.fail(refuse(found)),
        CheckpointMismatch: (found) => Effect.fail(refuseCheckpoint(found)),
      }),
    )
    const audit = makeChainVerifier()
    const auditCheckpoints = yield* makeAuditCheckpointCheck(transfers.upTo)
    const auditHeadNow = () => audit.heads().get(AUDIT_CHAIN) ?? { length: 0, head: CHAIN_GENESIS }
    yield* auditCheckpoints.reached(0, auditHeadNow())
    let auditEntries = 0
    for (let after = 0; ; ) {
      const page = yield* auditEntriesAfter(after)
      if (page.length === 0) break
      for (const row of page) {
        const found = audit.next(row)
        if (found !== undefined) return yield* refuse(found)
        auditEntries += 1
        if (auditCheckpoints.waitsFor(auditEntries)) {
          yield* auditCheckpoints
            .reached(auditEntries, auditHeadNow())
            .pipe(Effect.mapError(refuseCheckpoint))
        }
        after = row.position
      }
      bar.tick()
    }
    bar.done()
    const ended = audit.end(yield* auditHead)
    if (ended !== undefined) return yield* refuse(ended)
    yield* auditCheckpoints.end(auditEntries).pipe(Effect.mapError(refuseCheckpoint))
    const kept = yield* keptBalances
    for (const key of new Set([...kept.keys(), ...balances.keys()])) {
      const recomputed = balances.get(key) ?? 0
      const stored = kept.get(key) ?? 0
      if (recomputed !== stored) {
        return yield* new LedgerDoesNotVerify({
          message: `the ledger does not verify: balance ${key} is kept as ${stored} but its transfers sum to ${recomputed}`,
        })
      }
    }
    const heads = new Map([...transfers.heads, ...audit.heads()])
    return {
      transfers: transfers.transfers,
      auditEntries,
      balances: kept.size,
      chains: [...heads].map(([chain, h]) => ({ chain, length: h.length, head: h.head })),
      checkpoints: transfers.checkpoints,
      signedBy: [...transfers.signedBy].map(([keyId, checkpoints]) => ({
        keyId,
        checkpoints,
        current: keyId === signer.keyId,
      })),
    }
  })

/** The answer of a run that verified. */
const answer = (r: Effect.Success<ReturnType<typeof verifyAll>>) =>
  `The ledger verifies: ${r.transfers} transfer(s) and ${r.auditEntries} audit entr${r.auditEntries === 1 ? "y" : "ies"} in ${r.chains.length} chain(s), every hash and place; ${r.balances} kept balance(s) equal their transfers; ${r.checkpoints} checkpoint(s), every signature, Merkle root and chain head.\n` +
  r.chains.map((c) => `  ${c.chain}: ${c.length} at ${c.head}`).join("\n") +
  r.signedBy
    .map(
      (k) =>
        `\n  checkpoints signed by key ${k.keyId}${k.current ? " (this installation's)" : " (an earlier key, named with --earlier-key or LEDGER_EARLIER_PUBLIC_KEYS)"}: ${k.checkpoints}`,
    )
    .join("")
