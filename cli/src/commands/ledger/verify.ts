/**
 * `landunits ledger verify` (issue 21): reads every ledger transfer and audit entry in the order they were
 * stored, a page at a time, and recomputes with core's code (ChainVerifier.ts) each row's hash and place in its
 * chain, each chain's recorded head, and each kept balance from the transfers. Read-only. Refused (exit 1)
 * at the first row that does not match, naming it and how: edited, missing, inserted or reordered.
 */
import {
  auditEntriesAfter,
  auditHead,
  CHAIN_PAGE,
  chainRowCount,
  keptBalances,
} from "@landunits/adapters/postgres/ChainRowsPg.ts"
import { type ChainBreak, makeChainVerifier } from "@landunits/core/ledger/ChainVerifier.ts"
import { verifyTransferChains } from "@landunits/core/ledger/TransferChainWalk.ts"
import { Effect, Schema } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { progress } from "../../support/Progress.ts"

export class LedgerDoesNotVerify extends Schema.TaggedError<LedgerDoesNotVerify>()("LedgerDoesNotVerify", {
  message: Schema.String,
}) {}

const refuse = (found: ChainBreak) =>
  new LedgerDoesNotVerify({ message: `the ledger does not verify: ${found.kind}: ${found.message}` })

export const ledgerVerify = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      // On a terminal, a bar of pages read (stderr): a million transfers are two hundred pages.
      const bar = progress("Verifying", Math.ceil((yield* chainRowCount) / CHAIN_PAGE) + 2)
      const balances = new Map<string, number>()
      // Keyed as ledger_balances rows are: "unit_type|account_key".
      const add = (unitType: string, key: string, units: number) => {
        const k = `${unitType}|${key}`
        balances.set(k, (balances.get(k) ?? 0) + units)
      }
      const transfers = yield* verifyTransferChains({
        pageSize: CHAIN_PAGE,
        onRow: (row) => {
          add(row.unitType, row.fromKey, -row.units)
          add(row.unitType, row.toKey, row.units)
        },
        onPage: () => Effect.sync(bar.tick),
      }).pipe(Effect.catchTag("TransferChainBroken", (found) => Effect.fail(refuse(found))))
      const audit = makeChainVerifier()
      let auditEntries = 0
      for (let after = 0; ; ) {
        const page = yield* auditEntriesAfter(after)
        if (page.length === 0) break
        for (const row of page) {
          const found = audit.next(row)
          if (found !== undefined) return yield* refuse(found)
          after = row.position
        }
        auditEntries += page.length
        bar.tick()
      }
      bar.done()
      const ended = audit.end(yield* auditHead)
      if (ended !== undefined) return yield* refuse(ended)
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
      }
    }),
    (r) =>
      `The ledger verifies: ${r.transfers} transfer(s) and ${r.auditEntries} audit entr${r.auditEntries === 1 ? "y" : "ies"} in ${r.chains.length} chain(s), every hash and place; ${r.balances} kept balance(s) equal their transfers.\n` +
      r.chains.map((c) => `  ${c.chain}: ${c.length} at ${c.head}`).join("\n"),
  )
