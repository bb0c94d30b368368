/**
 * The demo history (DemoHistory.ts) as a development start seeds it, in-process on a fresh embedded database:
 * a year of the demo member's orders of each kind and status made through core's services, a balanced
 * ledger, holdings, payouts (one paid), votes and questions; a second start adds nothing; production seeds
 * none of it, not even with SEED_DEMO.
 */
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_FRIEND_EMAIL } from "../../src/demo/DemoHistory.ts"
import { DEMO_ISSUER } from "../../src/demo/DemoInvoiceSettings.ts"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/demo/DemoSeed.ts"
import { seedOnStart } from "../../src/demo/FirstStartSeed.ts"
import { type AppServices, onNewInstallation, removeInstallations } from "../support/EmbeddedInstallation.ts"

const DAY = 86_400_000
afterAll(removeInstallations)

/** One installation: runs `effect` after `starts` starts' seeding with `env`; answers it and what was logged. */
const installation = async <A>(
  env: Record<string, string>,
  starts: number,
  effect: Effect.Effect<A, unknown, AppServices>,
) => {
  const { value, log } = await onNewInstallation(
    env,
    Effect.gen(function* () {
      const seeds: Array<{ readonly demoHistory: string }> = []
      for (let i = 0; i < starts; i++) {
        const seeded = yield* seedOnStart
        seeds.push({ demoHistory: seeded.demoHistory })
      }
      return { seeds, value: yield* effect }
    }),
  )
  return { ...value, log }
}

const memberOf = (email: string) =>
  Effect.flatMap(AccountRepository, (a) => a.findByEmail(email)).pipe(Effect.map(Option.getOrUndefined))

/** What the history left, read through the same services the API and the CLI read through. */
const whatWasSeeded = Effect.gen(function* () {
  const dana = (yield* memberOf(DEMO_EMAIL))!
  const orders = yield* (yield* OrderRepository).find({ involving: dana.memberId })
  const service = yield* OrderService
  const sql = yield* SqlClient.SqlClient
  return {
    dana,
    admin: yield* memberOf(DEMO_ADMIN_EMAIL),
    friend: yield* memberOf(DEMO_FRIEND_EMAIL),
    orders,
    transactions: yield* service.transactions(dana.memberId, {}),
    payouts: yield* service.payouts(dana.memberId),
    holdings: yield* (yield* HoldingsService).holdings(dana.memberId),
    closedVotes: yield* (yield* GovernanceService).listVotes(memberActor(dana.memberId), "closed"),
    openVotes: yield* (yield* GovernanceService).listVotes(memberActor(dana.memberId), "open"),
    questions: yield* (yield* CommunityService).listQuestions(memberActor(dana.memberId), "Own"),
    // Debits equal credits: every account's balance summed per unit type is zero.
    unbalanced: yield* sql<{ unit_type: string; total: string }>`
      SELECT unit_type, SUM(delta)::text AS total FROM (
        SELECT unit_type, units AS delta FROM ledger_transfers
        UNION ALL SELECT unit_type, -units FROM ledger_transfers) moves
      GROUP BY unit_type HAVING SUM(delta) <> 0`,
    // No member account below zero.
    negative: yield* sql<{ account: string }>`
      SELECT account FROM (
        SELECT to_key AS account, units AS delta FROM ledger_transfers WHERE to_member IS NOT NULL
        UNION ALL SELECT from_key, -units FROM ledger_transfers WHERE from_member IS NOT NULL) moves
      GROUP BY account HAVING SUM(delta) < 0`,
    // Every transfer carries the order that caused it.
    orphans: yield* sql<{ transfer_id: string }>`
      SELECT transfer_id FROM ledger_transfers t WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_id = t.order_id)`,
    // The history's money-step emails (dated in the past) are never sent: none waits in the outbox.
    demoMail: yield* sql<{ to_address: string }>`
      SELECT to_address FROM mail_outbox WHERE to_address IN (${DEMO_EMAIL}, ${DEMO_FRIEND_EMAIL}, ${DEMO_ADMIN_EMAIL})`,
    invoices: yield* (yield* InvoiceStore).listForMember(dana.memberId),
    audited: yield* sql<{ action: string; n: string }>`
      SELECT action, COUNT(*)::text AS n FROM audit_log WHERE actor = 'mem_demo_admin' GROUP BY action`,
  }
})

describe("the demo history of a development start", () => {
  let seeded: Awaited<ReturnType<typeof installation<Effect.Success<typeof whatWasSeeded>>>>

  beforeAll(async () => {
    seeded = await installation({ NODE_ENV: "development" }, 2, whatWasSeeded)
  }, 120_000)

  it("is seeded on the first start, and prints the demo admin's sign-in beside the member's", () => {
    // How long it takes is measured, not asserted here (docs/benchmarks.md, "The demo installation's first
    // start").
    const [first] = seeded.seeds
    expect(first!.demoHistory).toBe("seeded")
    expect(seeded.log).toContain(`Demo member: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`)
    expect(seeded.log).toContain(`${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`)
    expect(seeded.value.admin?.role).toBe("admin")
    expect(seeded.value.friend?.role).toBe("member")
  })

  it("holds the demo member's orders of each kind and status, spread over the past year", () => {
    const { orders, dana } = seeded.value
    const own = orders.filter((o) => o.memberId === dana.memberId)
    const kinds = new Set(
      own.map((o) => `${o.orderType}:${o.paymentDetails?.paymentMethod ?? "-"}:${o.orderStatus}`),
    )
    for (const kind of [
      "BUY:card-stripe:Completed",
      "BUY:card-square:Completed",
      "BUY:card-square:Failed",
      "BUY:bank:Completed",
      "BUY:bank:PaymentSent",
      "BUY:bank:Cancelled",
      "BUY:crypto:Completed",
      "BUY:crypto:Cancelled",
      "BUY:crypto:Expired",
    ])
      expect(kinds, kind).toContain(kind)
    expect(own.filter((o) => o.orderType === "SELL").map((o) => o.orderStatus)).toEqual(["PartialComplete"])
    expect(
      own
        .filter((o) => o.orderType === "CONVERT")
        .map((o) => o.orderStatus)
        .sort(),
    ).toEqual(["Completed", "Locked"])
    expect(own.filter((o) => o.orderType === "TRANSFER")).toHaveLength(1)
    expect(
      orders.filter((o) => o.orderType === "TRANSFER" && o.recipientMemberId === dana.memberId),
    ).toHaveLength(1)
    expect(
      own.some((o) => o.orderType === "BUY" && o.currencyUnit.isDoubleLand && o.orderStatus === "Completed"),
    ).toBe(true)
    const now = Date.now()
    const ages = own.map((o) => (now - Date.parse(o.createdAt)) / DAY)
    expect(Math.max(...ages)).toBeGreaterThan(330)
    expect(Math.max(...ages)).toBeLessThan(366)
    expect(Math.min(...ages)).toBeLessThan(7)
    expect(seeded.value.transactions.total).toBe(orders.length)
  })

  it("leaves a balanced ledger, every transfer with its order, and Units in the demo member's holdings", () => {
    expect(seeded.value.unbalanced).toEqual([])
    expect(seeded.value.negative).toEqual([])
    expect(seeded.value.orphans).toEqual([])
    const byType = Object.fromEntries(seeded.value.holdings.map((h) => [h.unitType, h]))
    expect(byType.LAND_EUR!.owned).toBeGreaterThan(0)
    expect(byType.LAND_EUR!.owned_DOUBLE_LAND).toBe(1000)
    expect(byType.LAND_POUND!.pendingSell).toBe(40)
    expect(byType.LAND_EUR!.pendingBuy).toBe(80)
    expect(byType.LAND_POUND!.owned).toBeGreaterThan(0)
    expect(byType.LAND_AUD!.convertLocked).toBeGreaterThan(0)
    expect(byType.LAND_USD?.owned ?? 0).toBe(0)
  })

  it("sends none of the history's emails: its money steps are of the past", () => {
    expect(seeded.value.demoMail).toEqual([])
  })

  it("pays one of the sale's payouts and owes the other; admin steps are audited as the demo admin's", () => {
    const sales = seeded.value.payouts.filter((p) => p.kind !== "convertRemainder")
    expect(sales.map((p) => [p.units, p.status])).toEqual([
      [120, "Completed"],
      [40, "Initiated"],
    ])
    const audited = Object.fromEntries(seeded.value.audited.map((a) => [a.action, Number(a.n)]))
    expect(audited["orders.confirmPayment"]).toBeGreaterThan(0)
    expect(audited["orders.fundsReceived"]).toBeGreaterThan(0)
    const remaindersPaid = seeded.value.payouts.filter(
      (p) => p.kind === "convertRemainder" && p.status === "Completed",
    )
    expect(audited["payouts.paid"]).toBe(1 + remaindersPaid.length)
  })

  it("issues an invoice for each of the demo member's confirmed buys, dated when it was confirmed, naming her", () => {
    const { orders } = seeded.value
    const invoices = seeded.value.invoices.filter((d) => d.kind === "invoice")
    const approvedAt = (o: (typeof orders)[number]) => o.timeline.find((t) => t.to === "Approved")?.at
    const confirmed = orders.filter((o) => o.orderType === "BUY" && approvedAt(o) !== undefined)
    expect(confirmed.length).toBeGreaterThan(2)
    expect(invoices.map((i) => i.orderId).sort()).toEqual(confirmed.map((o) => o.orderId).sort())
    for (const invoice of invoices) {
      const order = confirmed.find((o) => o.orderId === invoice.orderId)!
      // Issued in the confirmation's unit of work, read from the same (past) clock a moment later.
      const issuedAfter = Date.parse(invoice.issuedAt) - approvedAt(order)!
      expect(issuedAfter).toBeGreaterThanOrEqual(0)
      expect(issuedAfter).toBeLessThan(60_000)
      expect(invoice.issuer).toEqual(DEMO_ISSUER)
      expect(invoice.buyer.name).toBe("Dana Demo")
      expect(invoice.total).toBe(order.paymentDetails!.paymentAmount)
    }
  })

  it("issues a payout statement for each of the demo member's sale payouts paid, and none for a convert's remainder", () => {
    const { payouts, invoices } = seeded.value
    const statements = invoices.filter((d) => d.kind === "payoutStatement")
    // The demo member's own payouts.
    const paidSales = payouts.filter((p) => (p.kind ?? "sale") === "sale" && p.status === "Completed")
    expect(paidSales.length).toBeGreaterThan(0)
    expect(statements.map((s) => s.payoutId).sort()).toEqual(paidSales.map((p) => p.payoutId).sort())
    for (const statement of statements) {
      const payout = paidSales.find((p) => p.payoutId === statement.payoutId)!
      expect(statement.buyer.name).toBe("Dana Demo")
      expect(statement.total).toBe(payout.amountCents)
      expect(statement.orderId).toBe(payout.sellOrderId)
    }
  })

  it("owes each convert's remainder to the demo member: the unlocked one's paid, the locked one's still owed", () => {
    const { orders, payouts } = seeded.value
    const converts = orders.filter((o) => o.orderType === "CONVERT")
    const remainders = payouts.filter((p) => p.kind === "convertRemainder")
    expect(converts.every((o) => o.convert?.remainderInCents !== undefined)).toBe(true)
    expect(
      converts.map((o) => [
        o.orderStatus,
        o.convert?.remainderInCents === 0
          ? "none"
          : remainders.find((p) => p.payoutId === o.convert?.remainderPayoutId)?.status,
      ]),
    ).toEqual([
      ["Completed", converts[0]!.convert?.remainderInCents === 0 ? "none" : "Completed"],
      ["Locked", converts[1]!.convert?.remainderInCents === 0 ? "none" : "Initiated"],
    ])
    for (const p of remainders) {
      const order = converts.find((o) => o.orderId === p.sellOrderId)!
      expect(p.amountCents).toBe(order.convert?.remainderInCents)
      expect(p.currency).toBe(order.convert?.remainderCurrency)
    }
  })

  it("has votes cast and questions asked, and leaves the open demo vote to the newcomer", () => {
    expect(seeded.value.closedVotes.map((v) => v.answer).sort()).toEqual(["y", "y"])
    expect(seeded.value.openVotes.map((v) => [v.voteId, v.answer])).toEqual([["vote_hedgerows", ""]])
    expect(seeded.value.questions.map((q) => q.answers.length).sort()).toEqual([0, 1])
  })

  it("a second start seeds nothing more", () => {
    expect(seeded.seeds[1]!.demoHistory).toBe("alreadySeeded")
    expect(seeded.value.orders.filter((o) => o.orderType === "SELL")).toHaveLength(1)
  })
})

describe("production seeds no demo history", () => {
  const countOrders = Effect.gen(function* () {
    return {
      orders: (yield* (yield* OrderRepository).find({})).length,
      admin: yield* memberOf(DEMO_ADMIN_EMAIL),
      demo: yield* memberOf(DEMO_EMAIL),
    }
  })

  it("none without SEED_DEMO", async () => {
    const start = await installation({ NODE_ENV: "production" }, 1, countOrders)
    expect(start.value).toEqual({ orders: 0, admin: undefined, demo: undefined })
    expect(start.seeds[0]!.demoHistory).toBe("notWanted")
  }, 120_000)

  it("none with SEED_DEMO=1 either: the demo member, but no admin, no orders, no sign-in printed", async () => {
    const start = await installation({ NODE_ENV: "production", SEED_DEMO: "1" }, 1, countOrders)
    expect(start.value.demo).toBeDefined()
    expect(start.value).toMatchObject({ orders: 0, admin: undefined })
    expect(start.seeds[0]!.demoHistory).toBe("notInProduction")
    expect(start.log).not.toContain(DEMO_ADMIN_PASSWORD)
    expect(start.log).not.toContain(DEMO_PASSWORD)
  }, 120_000)
})
