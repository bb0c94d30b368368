import { Context, Effect, Layer, Schema } from "effect"
import type { UnitType } from "../../shared/Enums.ts"
import type { MemberId, OrderId } from "../../shared/Ids.ts"
import type { ChainedTransfer } from "../ChainVerifier.ts"
import { accountKey, balanceKey, checkBatch, sumBalances } from "../Ledger.ts"
import { type InsufficientUnits, InvalidTransfer } from "../LedgerErrors.ts"
import type { Account, Balance, Transfer } from "../LedgerModel.ts"
import type { ChainHead } from "../TransferChain.ts"
import { chainedAsNew, extendChains } from "../TransferChain.ts"

/** Per unit type: each member bucket summed over all members, and each platform account. */
export const LedgerTotals = Schema.Struct({
  owned: Schema.Int,
  owned_DOUBLE_LAND: Schema.Int,
  pendingBuy: Schema.Int,
  pendingSell: Schema.Int,
  convertLocked: Schema.Int,
  issuance: Schema.Int,
  fees: Schema.Int,
})
export type LedgerTotals = typeof LedgerTotals.Type

const emptyTotals = (): { -readonly [K in keyof LedgerTotals]: number } => ({
  owned: 0,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
  issuance: 0,
  fees: 0,
})

/** The figure of the totals an account counts in: its bucket, or the platform account's name. */
export const totalsBucket = (account: Account): keyof LedgerTotals =>
  account._tag === "MemberAccount" ? account.bucket : account.name

/** `totals` after `transfers` (all of the totals' unit type): each transfer's Units out of its source, into its target. */
export const totalsAfter = (totals: LedgerTotals, transfers: ReadonlyArray<Transfer>): LedgerTotals => {
  const next = { ...totals }
  for (const t of transfers) {
    next[totalsBucket(t.from)] -= t.units
    next[totalsBucket(t.to)] += t.units
  }
  return next
}

/**
 * Port: the append-only store of ledger transfers.
 *
 * `append` is atomic and checked: the whole batch is appended, or nothing is when a transfer is invalid or
 * a member account would end below zero (`checkBatch`). There is no update and no delete.
 * Transfers come back in the order they were appended. Each appended transfer extends the hash chain of its
 * unit type (TransferChain.ts, issue 21), which `chainAfter` and `chainHeads` read back for verification.
 */
export class LedgerStore extends Context.Service<
  LedgerStore,
  {
    readonly append: (
      transfers: ReadonlyArray<Transfer>,
    ) => Effect.Effect<void, InsufficientUnits | InvalidTransfer>
    readonly balance: (unitType: UnitType, account: Account) => Effect.Effect<number>
    /** Every account of the member that has ever moved, per unit type. */
    readonly memberBalances: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Balance>>
    readonly totals: (unitType: UnitType) => Effect.Effect<LedgerTotals>
    readonly transfersByOrder: (orderId: OrderId) => Effect.Effect<ReadonlyArray<Transfer>>
    /** Transfers from or to any account of the member. */
    readonly transfersByMember: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Transfer>>
    /** The chained transfers after `afterPosition`, in the order appended, at most `limit` of them. */
    readonly chainAfter: (
      afterPosition: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<ChainedTransfer>>
    /** Each unit type's chain as recorded: its length and last hash. */
    readonly chainHeads: Effect.Effect<ReadonlyMap<string, ChainHead>>
    /** The order's transfers as their chains hold them, in the order appended (an order's inclusion proof). */
    readonly chainOfOrder: (orderId: OrderId) => Effect.Effect<ReadonlyArray<ChainedTransfer>>
  }
>()("@landunits/core/ledger/ports/LedgerStore") {
  /** In memory: the reference implementation that the PostgreSQL adapter's contract tests compare with. */
  static readonly layerMemory = Layer.effect(LedgerStore)(
    Effect.sync(() => {
      const ids = new Set<string>()
      const byOrder = new Map<string, Array<Transfer>>()
      const byMember = new Map<string, Array<Transfer>>()
      const index = (map: Map<string, Array<Transfer>>, key: string, t: Transfer) => {
        const list = map.get(key)
        if (list === undefined) map.set(key, [t])
        else list.push(t)
      }
      const balances = new Map<string, Balance>()
      const balanceOf = (unitType: UnitType, account: Account) =>
        balances.get(balanceKey(unitType, account))?.units ?? 0
      const chained: Array<ChainedTransfer> = []
      let heads: ReadonlyMap<string, ChainHead> = new Map()
      // A v2 blind from a counter: predictable, which is enough for the tests' reference store (the PostgreSQL
      // stores draw 32 random bytes, as hiding needs), and costs no hashing on the model tests' many appends.
      let blinds = 0
      const nextBlind = () => (++blinds).toString(16).padStart(64, "0")
      const chain = (batch: ReadonlyArray<Transfer>) => {
        const fields = batch.map((t) =>
          chainedAsNew(
            {
              transferId: t.transferId,
              orderId: t.orderId,
              unitType: t.unitType,
              fromKey: accountKey(t.from),
              toKey: accountKey(t.to),
              units: t.units,
              at: t.at,
            },
            nextBlind,
          ),
        )
        const extended = extendChains(heads, fields)
        fields.forEach((t, i) => {
          chained.push({
            chain: t.unitType,
            position: chained.length + 1,
            name: `transfer ${t.transferId}`,
            ...extended.links[i]!,
            ...t,
          })
        })
        heads = extended.heads
      }
      const membersOf = (t: Transfer) =>
        new Set([t.from, t.to].flatMap((a) => (a._tag === "MemberAccount" ? [a.memberId] : [])))

      return LedgerStore.of({
        append: (batch) =>
          Effect.suspend(() => {
            const seen = new Set<string>()
            for (const t of batch) {
              if (ids.has(t.transferId) || seen.has(t.transferId)) {
                return Effect.fail(
                  new InvalidTransfer({ message: `Transfer ${t.transferId} is already in the ledger` }),
                )
              }
              seen.add(t.transferId)
            }
            const refused = checkBatch(batch, balanceOf)
            if (refused !== undefined) return Effect.fail(refused)
            for (const change of sumBalances(batch).values()) {
              const key = balanceKey(change.unitType, change.account)
              balances.set(key, {
                ...change,
                units: balanceOf(change.unitType, change.account) + change.units,
              })
            }
            chain(batch)
            for (const t of batch) {
              ids.add(t.transferId)
              index(byOrder, t.orderId, t)
              for (const memberId of membersOf(t)) index(byMember, memberId, t)
            }
            return Effect.void
          }),
        balance: (unitType, account) => Effect.sync(() => balanceOf(unitType, account)),
        memberBalances: (memberId) =>
          Effect.sync(() =>
            [...balances.values()].filter(
              (b) => b.account._tag === "MemberAccount" && b.account.memberId === memberId,
            ),
          ),
        totals: (unitType) =>
          Effect.sync(() => {
            const totals = emptyTotals()
            for (const b of balances.values()) {
              if (b.unitType !== unitType) continue
              totals[totalsBucket(b.account)] += b.units
            }
            return totals
          }),
        transfersByOrder: (orderId) => Effect.sync(() => [...(byOrder.get(orderId) ?? [])]),
        transfersByMember: (memberId) => Effect.sync(() => [...(byMember.get(memberId) ?? [])]),
        chainAfter: (afterPosition, limit) =>
          Effect.sync(() => chained.slice(afterPosition, afterPosition + limit)),
        chainHeads: Effect.sync(() => new Map(heads)),
        chainOfOrder: (orderId) => Effect.sync(() => chained.filter((row) => row.orderId === orderId)),
      })
    }),
  )
}
