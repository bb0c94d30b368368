/**
 * The statement's reconciliation on random histories: for every unit type, opening + the period's
 * movements = closing, and the opening and closing agree with the ledger's own balances (sumBalances) of
 * the transfers before the period's start and end.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { balanceKey, checkBatch, sumBalances } from "../../src/ledger/Ledger.ts"
import {
  type Account,
  FEES,
  ISSUANCE,
  type MemberBucket,
  MemberBuckets,
  member,
  type Transfer,
} from "../../src/ledger/LedgerModel.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { OrderTypes, type UnitType, UnitTypes } from "../../src/shared/Enums.ts"
import { OrderId, TransferId } from "../../src/shared/Ids.ts"
import { buildStatement } from "../../src/statements/Statement.ts"
import {
  addBuckets,
  COLUMN_OF_BUCKET,
  type StatementBuckets,
} from "../../src/statements/StatementHoldings.ts"
import { ann, ben, order } from "./StatementFixture.ts"

const DAY = 86_400_000
const FIRST = Date.UTC(2025, 0, 1)

const account: fc.Arbitrary<Account> = fc.oneof(
  fc.constantFrom(...MemberBuckets).map((b) => member(ann, b)),
  fc.constantFrom(...MemberBuckets).map((b) => member(ben, b)),
  fc.constant(ISSUANCE),
  fc.constant(FEES),
)

/** A history of 10 to 60 transfers over 40 days (so periods often start or end on a transfer), on up to 12 orders (some Ann's, some not). */
const history = fc
  .array(
    fc.record({
      unitType: fc.constantFrom(...UnitTypes),
      from: account,
      to: account,
      units: fc.integer({ min: 1, max: 1_000 }),
      // Often on the first or last millisecond of a day, where a period starts and ends.
      at: fc
        .tuple(
          fc.integer({ min: 0, max: 40 }),
          fc.oneof(fc.constantFrom(0, DAY - 1), fc.integer({ min: 0, max: DAY - 1 })),
        )
        .map(([day, ms]) => FIRST + day * DAY + ms),
      order: fc.integer({ min: 0, max: 11 }),
    }),
    { minLength: 10, maxLength: 60, size: "large" },
  )
  .map((drafts) => {
    // As the ledger does (checkBatch), a transfer that would take a member's account below zero is refused.
    const balances = new Map<string, number>()
    const balanceOf = (unitType: UnitType, a: Account) => balances.get(balanceKey(unitType, a)) ?? 0
    const accepted: Array<Transfer> = []
    for (const d of drafts.sort((x, y) => x.at - y.at)) {
      if (JSON.stringify(d.from) === JSON.stringify(d.to) || checkBatch([d], balanceOf) !== undefined)
        continue
      balances.set(balanceKey(d.unitType, d.from), balanceOf(d.unitType, d.from) - d.units)
      balances.set(balanceKey(d.unitType, d.to), balanceOf(d.unitType, d.to) + d.units)
      accepted.push({
        transferId: TransferId.make(`tr_${accepted.length}`),
        unitType: d.unitType,
        from: d.from,
        to: d.to,
        units: d.units,
        at: d.at,
        orderId: OrderId.make(`ord_${d.order}`),
      })
    }
    return accepted
  })

/** Ann's orders: a random subset of the order ids, each of a random type; the rest are other members' buys. */
const annOrders = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 11 }), fc.constantFrom(...OrderTypes)), { maxLength: 12 })
  .map((pairs): ReadonlyArray<OrderRecord> => {
    const seen = new Map<number, (typeof OrderTypes)[number]>()
    for (const [id, type] of pairs) seen.set(id, type)
    return [...seen].map(([id, orderType]) =>
      order({
        orderId: OrderId.make(`ord_${id}`),
        orderType,
        createdAt: new Date(FIRST + id * 5 * DAY).toISOString(),
      }),
    )
  })

const period = fc
  .tuple(fc.integer({ min: -2, max: 42 }), fc.integer({ min: 0, max: 20 }))
  .map(([startDay, days]) => ({
    from: new Date(FIRST + startDay * DAY).toISOString().slice(0, 10),
    to: new Date(FIRST + (startDay + days) * DAY).toISOString().slice(0, 10),
  }))

/** Ann's columns per unit type straight from the ledger's balances of the transfers before `before`. */
const ledgerColumns = (transfers: ReadonlyArray<Transfer>, before: number) => {
  const result = new Map<UnitType, StatementBuckets>()
  for (const balance of sumBalances(transfers.filter((t) => t.at < before)).values()) {
    const a = balance.account
    if (a._tag !== "MemberAccount" || a.memberId !== ann) continue
    const change = { owned: 0, pending: 0, locked: 0 }
    change[COLUMN_OF_BUCKET[a.bucket as MemberBucket]] += balance.units
    result.set(
      balance.unitType,
      addBuckets(result.get(balance.unitType) ?? { owned: 0, pending: 0, locked: 0 }, change),
    )
  }
  return result
}

describe("the statement's reconciliation", () => {
  it("opening + activity = closing for every unit type, on random histories, and both ends match the ledger", () => {
    fc.assert(
      fc.property(history, annOrders, period, (transfers, orders, p) => {
        const statement = buildStatement({
          memberId: ann,
          memberName: "Ann Lee",
          memberEmail: "ann@example.com",
          period: p,
          orders,
          transfers,
          payouts: [],
          priceOn: () => 10_000,
          generatedAt: FIRST + 100 * DAY,
        })
        const start = Date.parse(`${p.from}T00:00:00Z`)
        const end = Date.parse(`${p.to}T00:00:00Z`) + DAY
        const opening = ledgerColumns(transfers, start)
        const closing = ledgerColumns(transfers, end)
        for (const r of statement.reconciliation) {
          const sum = r.movements.reduce((acc, m) => addBuckets(acc, m.change), r.opening)
          expect(sum).toEqual(r.closing)
          expect(r.balanced).toBe(true)
          expect(r.opening).toEqual(opening.get(r.unitType) ?? { owned: 0, pending: 0, locked: 0 })
          expect(r.closing).toEqual(closing.get(r.unitType) ?? { owned: 0, pending: 0, locked: 0 })
        }
        // Every unit type Ann's ledger touched before the end is reconciled.
        for (const unitType of closing.keys()) {
          expect(statement.reconciliation.map((r) => r.unitType)).toContain(unitType)
        }
        // Every transfer of Ann's in the period is counted once, under its order's type or as a sale fill.
        const moved = statement.reconciliation.reduce((n, r) => n + r.movements.length, 0)
        const kinds = new Set(
          transfers
            .filter((t) => t.at >= start && t.at < end)
            .filter((t) => [t.from, t.to].some((a) => a._tag === "MemberAccount" && a.memberId === ann))
            .map(
              (t) => `${t.unitType}|${orders.find((o) => o.orderId === t.orderId)?.orderType ?? "SALE_FILL"}`,
            ),
        )
        expect(moved).toBe(kinds.size)
      }),
      { numRuns: 300 },
    )
  }, 60_000) // 300 histories take ~1 s alone, several on a loaded host
})
