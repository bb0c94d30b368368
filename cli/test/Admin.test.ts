/** The admin CLI's commands, run in-process on an embedded database seeded with the demo data. */
import * as fs from "node:fs"
import * as path from "node:path"
import { DEMO_COIN_PRICES, DEMO_EMAIL, DEMO_PASSWORD } from "@landunits/adapters/demo/DemoSeed.ts"
import {
  type AdminCommandCount,
  readAdminCommandCounts,
} from "@landunits/adapters/postgres/AdminCommandCountsPg.ts"
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { formatMoney } from "@landunits/core/format/Format.ts"
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { DiscountCodes } from "@landunits/core/orders/ports/DiscountCodes.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { ProviderEventLog } from "@landunits/core/orders/ports/ProviderEventLog.ts"
import { COIN_PRICE_MAX_AGE_MS, CoinPrices } from "@landunits/core/pricing/ports/CoinPrices.ts"
import { PriceScheduleHistory } from "@landunits/core/pricing/ports/PriceScheduleHistory.ts"
import type { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { osUser } from "../src/support/Operator.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const demo = MemberId.make("mem_demo")
const ADMIN = "admin@landunits.example"

const app = useInProcessCli([
  // Made an admin by the first test (the first admin needs no --as).
  { memberId: "mem_admin", email: ADMIN, firstName: "Ada", lastName: "Admin", role: "member" },
  {
    memberId: "mem_other",
    email: "other@landunits.example",
    firstName: "Otto",
    lastName: "Other",
    role: "member",
  },
])
const { cli, run } = app
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

const auditOf = (action: string, subject?: string) =>
  run(Effect.flatMap(AuditLog, (log) => log.list({ action, ...(subject === undefined ? {} : { subject }) })))

/** The lines of `orders show` under "timeline:" (its table's header first), without their indent. */
const timelineOf = (out: string): ReadonlyArray<string> => {
  const lines = out.split("\n")
  const start = lines.indexOf("timeline:") + 1
  const end = lines.findIndex((line, i) => i >= start && !line.startsWith("  "))
  return lines.slice(start, end === -1 ? undefined : end).map((line) => line.slice(2))
}

const newBankBuy = (key: string, numberOfUnits = 5) =>
  run(
    Effect.flatMap(OrderService, (orders) =>
      orders.createBuy({
        confirmsBusinessPurpose: true,
        memberId: demo,
        idempotencyKey: IdempotencyKey.make(key),
        unitType: "LAND_EUR",
        numberOfUnits,
        paymentMethod: "bank",
        isDoubleLand: false,
      }),
    ),
  )

describe("who operates the CLI", () => {
  it("refuses admin work without --as, or as a member who is not an admin", async () => {
    const nobody = await cli("kyc", "list")
    expect(nobody.code).toBe(ExitCode.refused)
    expect(nobody.err).toContain("--as <admin email>")
    const member = await asAdmin("kyc", "list")
    expect(member.code).toBe(ExitCode.refused)
    expect(member.err).toContain(`${ADMIN} is not an admin`)
  })

  it("makes the first admin from the shell, audited as the OS user; after that only an admin makes admins", async () => {
    const unconfirmed = await cli("users", "make-admin", ADMIN)
    expect(unconfirmed.code).toBe(ExitCode.confirmationRequired)
    expect(unconfirmed.err).toContain("Re-run with --yes")
    const made = await cli("--yes", "users", "make-admin", ADMIN)
    expect(made).toMatchObject({ out: `${ADMIN} is now an admin.`, code: 0 })
    const entry = (await auditOf("users.makeAdmin")).at(-1)!
    expect(entry.actor).toBe(`os:${osUser()}`)
    expect(entry.details).toMatchObject({ osUser: osUser(), role: "admin" })
    const second = await cli("--yes", "users", "make-admin", "other@landunits.example")
    expect(second.code).toBe(ExitCode.refused)
    expect(second.err).toContain("An admin exists already")
    expect((await asAdmin("kyc", "list")).code).toBe(0)
  })
})

describe("orders", () => {
  it("a destructive command in a non-interactive shell without --yes refuses with exit code 2 and changes nothing", async () => {
    const order = await newBankBuy("cli-test-unconfirmed")
    const refused = await asAdmin("orders", "confirm-payment", order.orderId)
    expect(refused.code).toBe(ExitCode.confirmationRequired)
    expect(refused.err).toContain("Re-run with --yes to confirm")
    const still = await run(Effect.flatMap(OrderRepository, (o) => o.get(order.orderId)))
    expect(still.orderStatus).toBe(order.orderStatus)
  })

  it("confirms a bank payment once, Units owned, and writes the admin and OS user to the audit log; a repeat says nothing changed and writes no entry", async () => {
    const order = await newBankBuy("cli-test-buy")
    const first = await asAdmin("--yes", "orders", "confirm-payment", order.orderId)
    expect(first.code).toBe(0)
    expect(first.out).toContain(`${order.orderId}: Completed`)
    const again = await asAdmin("orders", "confirm-payment", order.orderId)
    expect(again).toMatchObject({
      code: 0,
      out: `${order.orderId}: already confirmed: nothing changed (Completed)`,
    })
    const entries = await auditOf("orders.confirmPayment", `order:${order.orderId}`)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: "mem_admin",
      details: { from: order.orderStatus, to: "Completed", via: "cli", osUser: osUser() },
    })
  })

  it("an unknown order and a wrong status for the action are refused with exit code 1 and the rule's message", async () => {
    const unknown = await asAdmin("orders", "show", "ord_nope")
    expect(unknown).toMatchObject({ code: ExitCode.refused, err: "Refused: Order ord_nope was not found" })
    const completed = await newBankBuy("cli-test-completed")
    await asAdmin("--yes", "orders", "confirm-payment", completed.orderId)
    const late = await asAdmin("orders", "mark-funds-received", completed.orderId)
    expect(late.code).toBe(ExitCode.refused)
    expect(late.err).toMatch(/^Refused: .*Completed/)
    const cancelPaid = await asAdmin("--yes", "orders", "cancel", completed.orderId, "--reason", "asked")
    expect(cancelPaid.code).toBe(ExitCode.refused)
  })

  it("cancels an unpaid buy for the member with a reason, and lists orders with the API's filters as JSON", async () => {
    const order = await newBankBuy("cli-test-cancel")
    const cancelled = await asAdmin(
      "--yes",
      "orders",
      "cancel",
      order.orderId,
      "--reason",
      "member asked by phone",
    )
    expect(cancelled).toMatchObject({ code: 0, out: `${order.orderId}: Cancelled` })
    const listed = await asAdmin("--json", "orders", "list", "--status", "Cancelled", "--member", DEMO_EMAIL)
    const page = JSON.parse(listed.out)
    expect(page.transactions.map((t: { orderId: string }) => t.orderId)).toContain(order.orderId)
    expect(page.transactions.every((t: { orderStatus: string }) => t.orderStatus === "Cancelled")).toBe(true)
    const bad = await asAdmin("orders", "list", "--status", "Sideways")
    expect(bad.code).toBe(ExitCode.refused)
    expect(bad.err).toContain("Invalid filter")
    // A unit type by another name (issue 38: the help once said LAND_GBP): refused with the names there are.
    expect(await asAdmin("orders", "list", "--unit-type", "LAND_GBP")).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: --unit-type LAND_GBP is not valid: one of LAND_EUR, LAND_USD, LAND_AUD, LAND_POUND, LAND_ALL",
    })
    expect((await asAdmin("orders", "list", "--unit-type", "LAND_POUND")).code).toBe(0)
    expect((await auditOf("orders.cancel", `order:${order.orderId}`))[0]!.details.reason).toBe(
      "member asked by phone",
    )
    const shown = timelineOf((await asAdmin("orders", "show", order.orderId)).out)
    expect(shown.at(-1)).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z +Initiated → Cancelled +admin Ada Admin <admin@landunits\.example> +member asked by phone$/,
    )
  })

  it("shows an order's timeline: each status change with when, from → to, who in full (the admin's name and email) and why", async () => {
    const order = await newBankBuy("cli-test-timeline")
    await run(
      Effect.gen(function* () {
        const orders = yield* OrderService
        const request = { memberId: demo, orderId: order.orderId }
        yield* orders.startPayment({ ...request, idempotencyKey: IdempotencyKey.make("cli-timeline-start") })
        yield* orders.successOrder({ ...request, idempotencyKey: IdempotencyKey.make("cli-timeline-paid") })
      }),
    )
    expect((await asAdmin("orders", "mark-funds-received", order.orderId)).code).toBe(0)
    expect((await asAdmin("--yes", "orders", "confirm-payment", order.orderId)).code).toBe(0)
    const shown = await asAdmin("orders", "show", order.orderId)
    expect(shown.out).not.toContain("history:")
    const lines = timelineOf(shown.out)
    expect(lines[0]).toMatch(/^at +move +by +reason$/)
    const rows = lines.slice(1).map((line) => line.split(/ {2,}/))
    for (const [at] of rows) expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const admin = "admin Ada Admin <admin@landunits.example>"
    expect(rows.map(([, move, by, reason]) => [move, by, reason])).toEqual([
      ["(created) → Initiated", "member mem_demo", "-"],
      ["Initiated → InProcess", "member mem_demo", "-"],
      ["InProcess → PaymentSent", "member mem_demo", "-"],
      ["PaymentSent → FundsWaitingApproval", admin, "-"],
      ["FundsWaitingApproval → Approved", admin, "-"],
      ["Approved → Completed", admin, "Filled from new Units: nothing is owed to sellers"],
    ])
    // --json answers the stored timeline, its actors in full.
    const json = JSON.parse((await asAdmin("--json", "orders", "show", order.orderId)).out)
    expect(json.order.timeline.at(-2)).toMatchObject({
      from: "FundsWaitingApproval",
      to: "Approved",
      actor: { _tag: "Admin", adminId: "mem_admin", name: "Ada Admin", email: ADMIN },
    })
  })
})

describe("members", () => {
  it("lists members as JSON without their password hashes", async () => {
    const listed = await asAdmin("--json", "users", "list", "--search", "LANDUNITS.example")
    const members = JSON.parse(listed.out) as ReadonlyArray<Record<string, unknown>>
    expect(members.map((m) => m.email)).toEqual(expect.arrayContaining([DEMO_EMAIL, ADMIN]))
    expect(members.every((m) => !("passwordHash" in m))).toBe(true)
    const admins = JSON.parse((await asAdmin("--json", "users", "list", "--role", "admin")).out)
    expect(admins.map((m: { email: string }) => m.email)).toEqual([ADMIN])
  })

  it("shows a member's account, KYC status and holdings, and their KYC fields (that read is audited)", async () => {
    const shown = JSON.parse((await asAdmin("--json", "users", "show", DEMO_EMAIL)).out)
    expect(shown.account).toMatchObject({ memberId: "mem_demo", email: DEMO_EMAIL })
    expect(shown.account.passwordHash).toBeUndefined()
    expect(shown.kycStatus).toBe("Verified")
    expect(shown.holdings.find((h: { unitType: string }) => h.unitType === "LAND_EUR").owned).toBeGreaterThan(
      0,
    )
    const kyc = await asAdmin("kyc", "show", DEMO_EMAIL)
    expect(kyc.out).toMatch(/^kycStatus: +Verified$/m)
    expect(kyc.out).toMatch(/^address.townCity: +Canterbury$/m)
    expect(kyc.out).toContain("missing:")
    expect((await auditOf("kyc.show", "member:mem_demo")).at(-1)!.actor).toBe("mem_admin")
    expect((await asAdmin("users", "show", "nobody@example.com")).err).toBe(
      "Refused: No member has the email nobody@example.com",
    )
  })

  it("seeding an installation that has data changes nothing", async () => {
    expect(await asAdmin("db", "seed")).toMatchObject({ code: 0, out: "Already seeded: nothing changed." })
  })

  it("disables a member: sessions end, sign-in is refused, the reason is audited", async () => {
    const signedIn = await run(
      Effect.flatMap(AccountService, (a) =>
        a.login({ email: "other@landunits.example", password: "x", address: "cli-test" }),
      ).pipe(Effect.flip),
    )
    expect(signedIn._tag).toBe("InvalidCredentials")
    const session = await run(
      Effect.gen(function* () {
        const accounts = yield* AccountService
        return (yield* accounts.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD, address: "cli-test" }))
          .session
      }),
    )
    expect((await asAdmin("users", "disable", DEMO_EMAIL, "--reason", "fraud report")).code).toBe(
      ExitCode.confirmationRequired,
    )
    const done = await asAdmin("--yes", "users", "disable", DEMO_EMAIL, "--reason", "fraud report")
    expect(done.code).toBe(0)
    expect(done.out).toContain(`${DEMO_EMAIL} is disabled`)
    const after = await run(
      Effect.gen(function* () {
        const accounts = yield* AccountService
        return {
          session: yield* accounts.currentSession(session.sessionId),
          login: yield* Effect.flip(
            accounts.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD, address: "cli-test" }),
          ),
        }
      }),
    )
    expect(Option.isNone(after.session)).toBe(true)
    expect(after.login._tag).toBe("InvalidCredentials")
    expect((await auditOf("users.disable", `member:${demo}`))[0]!.details.reason).toBe("fraud report")
    expect(JSON.parse((await asAdmin("--json", "users", "list", "--disabled")).out)).toHaveLength(1)
  })
})

describe("the sales queue and payouts", () => {
  it("shows a sell waiting in the queue, then pays the seller's payout once confirmed", async () => {
    const bought = await newBankBuy("cli-test-stock", 20)
    await asAdmin("--yes", "orders", "confirm-payment", bought.orderId)
    const sell = await run(
      Effect.flatMap(OrderService, (o) =>
        o.createSell({
          memberId: demo,
          idempotencyKey: IdempotencyKey.make("cli-test-sell"),
          unitType: "LAND_EUR",
          numberOfUnits: 15,
        }),
      ),
    )
    const queue = JSON.parse((await asAdmin("--json", "sales-queue", "show", "--unit-type", "LAND_EUR")).out)
    expect(queue).toContainEqual(expect.objectContaining({ orderId: sell.orderId, remaining: 5, sold: 0 }))
    // Its place in the LAND_EUR queue, and an estimate from the buy confirmed above (20 Units in 30 days).
    const mine = queue.find((r: { orderId: string }) => r.orderId === sell.orderId)
    expect(mine.position).toBe(mine.ordersAhead + 1)
    expect(mine.unitsBoughtLast30Days).toBeGreaterThanOrEqual(20)
    expect(mine.estimate.kind).toBe("estimate")
    const text = (await asAdmin("sales-queue", "show", "--unit-type", "LAND_EUR")).out
    expect(text).toMatch(/unitsAhead\s+estimate/)
    expect(text).toContain(`${sell.orderId}`)
    expect(text).toMatch(/\d+ d \(\d+(\+|–\d+)\)/)
    const buy = await run(
      Effect.flatMap(OrderService, (o) =>
        o.createBuy({
          confirmsBusinessPurpose: true,
          memberId: MemberId.make("mem_other"),
          idempotencyKey: IdempotencyKey.make("cli-test-other-buy"),
          unitType: "LAND_EUR",
          numberOfUnits: 3,
          paymentMethod: "bank",
          isDoubleLand: false,
        }),
      ),
    )
    expect((await asAdmin("--yes", "orders", "confirm-payment", buy.orderId)).out).toContain(
      "1 payout(s) created",
    )
    const owed = JSON.parse((await asAdmin("--json", "payouts", "list", "--member", DEMO_EMAIL)).out)
    expect(owed).toHaveLength(1)
    expect(owed[0]).toMatchObject({
      sellOrderId: sell.orderId,
      units: 3,
      status: "Initiated",
      currency: "EUR",
    })
    const unconfirmed = await asAdmin("payouts", "mark-paid", owed[0].payoutId)
    expect(unconfirmed.code).toBe(ExitCode.confirmationRequired)
    const paid = await asAdmin("--yes", "payouts", "mark-paid", owed[0].payoutId)
    expect(paid.out).toBe(`${owed[0].payoutId}: Completed (${owed[0].amountCents} cents EUR to mem_demo)`)
    expect(JSON.parse((await asAdmin("--json", "payouts", "list", "--member", DEMO_EMAIL)).out)).toEqual([])
    const left = JSON.parse((await asAdmin("--json", "sales-queue", "show")).out)
    expect(left).toContainEqual(expect.objectContaining({ orderId: sell.orderId, remaining: 2, sold: 3 }))
    expect((await auditOf("payouts.paid", `payout:${owed[0].payoutId}`))[0]!.details).toMatchObject({
      from: "Initiated",
      to: "Completed",
    })
  })
})

describe("pricing and reference codes", () => {
  it("sets a base price typed in currency units exactly, refuses one above the 2,500 cap, and audits before and after", async () => {
    const set = await asAdmin(
      "pricing",
      "set-price",
      "LAND_POUND",
      "--base-price",
      "12.345",
      "--growth",
      "2.5",
      "--base-date",
      "2026-01-01",
    )
    expect(set.err).toBe("")
    expect(set).toMatchObject({
      code: 0,
      out: "LAND_POUND: base 12345 thousandths on 2026-01-01, growing 2.5% a year",
    })
    const shown = JSON.parse((await asAdmin("--json", "pricing", "show")).out)
    const gbp = shown.units.find(
      (u: { schedule: { unitType: string } }) => u.schedule.unitType === "LAND_POUND",
    )
    expect(gbp.schedule).toEqual({
      unitType: "LAND_POUND",
      basePrice: 12_345,
      baseDate: "2026-01-01",
      growthPerYearPercent: 2.5,
    })
    // The change joins the schedule history that GET /api/prices/history reads (issue 24), with when it was made.
    const history = await run(Effect.flatMap(PriceScheduleHistory, (h) => h.changes("LAND_POUND")))
    expect(history.at(-1)?.schedule).toEqual(gbp.schedule)
    expect(Math.abs(history.at(-1)!.at - Date.now())).toBeLessThan(60_000)
    const capped = await asAdmin(
      "pricing",
      "set-price",
      "LAND_POUND",
      "--base-price",
      "2500.001",
      "--growth",
      "1",
    )
    expect(capped).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: The base price must be more than 0 and at most 2500 currency units",
    })
    const entry = (await auditOf("pricing.setPrice", "unitType:LAND_POUND")).at(-1)!
    expect(JSON.parse(entry.details.after!).basePrice).toBe(12_345)
    expect(JSON.parse(entry.details.before!).basePrice).not.toBe(12_345)
  })

  it("sets fees, an external fee, an exchange rate and land limits, each read back by the engine's ports", async () => {
    expect((await asAdmin("pricing", "set-fees", "LAND_EUR", "--convert-units", "2")).code).toBe(0)
    expect(
      (await asAdmin("pricing", "set-external-fee", "crypto", "--fixed-cents", "10", "--percent", "1.25"))
        .code,
    ).toBe(0)
    expect((await asAdmin("pricing", "set-rate", "EUR", "GBP", "0.861234")).code).toBe(0)
    expect(
      (
        await asAdmin(
          "pricing",
          "set-land",
          "LAND_EUR",
          "--lu2x-cap-cents",
          "777",
          "--max-pending-cents",
          "none",
        )
      ).code,
    ).toBe(0)
    const shown = JSON.parse((await asAdmin("--json", "pricing", "show")).out)
    const eur = shown.units.find(
      (u: { schedule: { unitType: string } }) => u.schedule.unitType === "LAND_EUR",
    )
    expect(eur.convertOrderTransactionFeeInUnits).toBe(2)
    expect(eur.landLimits.maxDoubleLandUnitsBoughtValueInCents).toBe(777)
    expect(eur.landLimits.maxPendingPurchaseCents).toBeUndefined()
    expect(shown.externalFees.crypto).toEqual({ fixedCentsFees: 10, fixedPercentageFees: 1.25 })
    expect(shown.rates).toContainEqual(expect.objectContaining({ from: "EUR", to: "GBP", rate: 861_234 }))
    const badRate = await asAdmin("pricing", "set-rate", "EUR", "EUR", "1")
    expect(badRate.err).toBe("Refused: A currency's rate to itself is always 1")
  })

  it("sets a coin price typed in currency units as exact cents per coin, audited with the admin, read back by the CoinPrices port and shown by pricing show", async () => {
    const set = await asAdmin("--json", "pricing", "set-coin-price", "bitcoin", "EUR", "65000.50")
    expect(set.err).toBe("")
    const answer = JSON.parse(set.out)
    expect(answer).toMatchObject({ coin: "BITCOIN", currency: "EUR", centsPerCoin: 6_500_050 })
    expect(answer.currentUntil - answer.asOf).toBe(COIN_PRICE_MAX_AGE_MS)
    const latest = await run(Effect.flatMap(CoinPrices, (p) => p.latest("BITCOIN", "EUR")))
    expect(Option.getOrThrow(latest)).toEqual({
      coin: "BITCOIN",
      currency: "EUR",
      centsPerCoin: 6_500_050,
      asOf: answer.asOf,
    })
    const human = await asAdmin("pricing", "set-coin-price", "ETHER", "USD", "3000")
    expect(human.out).toMatch(/^ETHER in USD: \$3,000\.00 per coin \(300000 cents\), as of \d{4}-/)
    const entry = (await auditOf("pricing.setCoinPrice", "coinPrice:BITCOIN/EUR")).at(-1)!
    expect(entry.actor).toBe(MemberId.make("mem_admin"))
    // Before: the demo's seeded price (a development start prices the coins for test-mode crypto payments).
    expect(entry.details).toMatchObject({ via: "cli", osUser: osUser() })
    expect(JSON.parse(entry.details.before!)).toMatchObject({
      coin: "BITCOIN",
      currency: "EUR",
      centsPerCoin: DEMO_COIN_PRICES.BITCOIN.EUR,
    })
    expect(JSON.parse(entry.details.after!)).toMatchObject({ centsPerCoin: 6_500_050 })
    const shown = JSON.parse((await asAdmin("--json", "pricing", "show")).out)
    expect(shown.coinPrices).toContainEqual(
      expect.objectContaining({ coin: "BITCOIN", currency: "EUR", centsPerCoin: 6_500_050, current: true }),
    )
  })

  it("refuses a bad coin, currency or price for set-coin-price with the rule, changing nothing", async () => {
    const refused = async (...args: ReadonlyArray<string>) => {
      const r = await asAdmin("pricing", "set-coin-price", ...args)
      expect(r.code).toBe(ExitCode.refused)
      return r.err
    }
    expect(await refused("DOGE", "EUR", "1")).toBe(
      'Refused: The coin must be one of BITCOIN, ETHER (got "DOGE")',
    )
    expect(await refused("ETHER", "JPY", "1")).toBe(
      'Refused: The currency must be one of EUR, USD, AUD, GBP (got "JPY")',
    )
    expect(await refused("ETHER", "GBP", "0")).toBe("Refused: The coin price must be more than 0")
    expect(await refused("ETHER", "GBP", "12.345")).toBe(
      'Refused: The coin price must be a number with at most 2 decimals (got "12.345")',
    )
    const json = await asAdmin("--json", "pricing", "set-coin-price", "ETHER", "GBP", "-1")
    expect(JSON.parse(json.err)).toMatchObject({ error: "AdminRefused" })
    expect((await cli("pricing", "set-coin-price", "ETHER", "GBP", "2500")).code).toBe(ExitCode.refused)
    // Still the demo's seeded price: nothing refused was stored.
    const gbp = await run(Effect.flatMap(CoinPrices, (p) => p.latest("ETHER", "GBP")))
    expect(Option.getOrThrow(gbp).centsPerCoin).toBe(DEMO_COIN_PRICES.ETHER.GBP)
  })

  it("creates a reference code members can use, lists it, and disables it only when confirmed", async () => {
    expect(
      (
        await asAdmin(
          "discount-codes",
          "create",
          "SUMMER26",
          "--percent",
          "10",
          "--min-payment-cents",
          "1000",
        )
      ).code,
    ).toBe(0)
    const usable = await run(Effect.flatMap(DiscountCodes, (c) => c.find("SUMMER26")))
    expect(Option.getOrThrow(usable)).toEqual({
      code: "SUMMER26",
      isPercent: true,
      amount: 10,
      minPaymentAmountInCents: 1000,
    })
    expect((await asAdmin("discount-codes", "list")).out).toMatch(/SUMMER26\s+10%\s+1000\s+true/)
    expect((await asAdmin("discount-codes", "disable", "SUMMER26")).code).toBe(ExitCode.confirmationRequired)
    expect((await asAdmin("--yes", "discount-codes", "disable", "SUMMER26")).out).toBe("SUMMER26: disabled")
    expect(Option.isNone(await run(Effect.flatMap(DiscountCodes, (c) => c.find("SUMMER26"))))).toBe(true)
    expect(
      (await asAdmin("discount-codes", "create", "BOTH", "--percent", "5", "--amount-cents", "5")).err,
    ).toBe("Refused: Give exactly one of --percent or --amount-cents")
  })
})

describe("statements, content, mail, reconciliation", () => {
  it("exports a member's statement as CSV into a folder, and refuses a bad period clearly", async () => {
    const out = path.join(app.dir(), "statements")
    const done = await asAdmin(
      "statements",
      "export",
      DEMO_EMAIL,
      "--from",
      "2026-01-01",
      "--to",
      "2030-12-31",
      "--format",
      "csv",
      "--out",
      out,
    )
    expect(done.code).toBe(0)
    const csv = fs.readFileSync(path.join(out, "mem_demo_2026-01-01_2030-12-31.csv"), "utf8").split("\r\n")
    expect(csv).toContain(`Period,2026-01-01,2030-12-31`)
    expect(csv.some((line) => line.startsWith("Member,") && line.endsWith(DEMO_EMAIL))).toBe(true)
    const bought = await run(
      Effect.flatMap(OrderRepository, (o) => o.find({ memberId: demo, statuses: ["Completed"] })),
    )
    expect(bought.length).toBeGreaterThan(0)
    for (const order of bought) expect(csv.some((line) => line.includes(`,${order.orderId},BUY,`))).toBe(true)
    const bad = await asAdmin(
      "statements",
      "export",
      DEMO_EMAIL,
      "--from",
      "2026-02-01",
      "--to",
      "2026-01-01",
      "--out",
      out,
    )
    expect(bad.code).toBe(ExitCode.refused)
    expect(bad.err).toContain("The end date must be on or after the start date")
    const everyone = path.join(app.dir(), "statements-all")
    const all = JSON.parse(
      (
        await asAdmin(
          "--json",
          "statements",
          "export",
          "--all",
          "--from",
          "2026-01-01",
          "--to",
          "2026-12-31",
          "--format",
          "csv",
          "--out",
          everyone,
        )
      ).out,
    )
    const members = await run(Effect.flatMap(AccountRepository, (a) => a.list({})))
    expect(all.files.map((f: { memberId: string }) => f.memberId)).toEqual(members.map((m) => m.memberId))
    // The summary gives each statement's number, reconciliation and totals; the file holds the same figures.
    const demoFile = all.files.find((f: { memberId: string }) => f.memberId === demo)
    expect(demoFile.statementNumber).toMatch(/^ST-20260101-20261231-/)
    expect(demoFile.reconciled).toBe(true)
    const demoCsv = fs.readFileSync(demoFile.file, "utf8")
    expect(demoCsv).toContain(`Statement number,${demoFile.statementNumber}`)
    for (const total of demoFile.totals as ReadonlyArray<{ currency: CurrencyType; paidCents: number }>) {
      expect(demoCsv).toContain(`${total.currency},${formatMoney(total.paidCents, total.currency)},`)
    }
    expect(fs.readdirSync(everyone).sort()).toEqual(
      members.map((m) => `${m.memberId}_2026-01-01_2026-12-31.csv`).sort(),
    )
    const neither = await asAdmin(
      "statements",
      "export",
      "--from",
      "2026-01-01",
      "--to",
      "2026-01-02",
      "--out",
      out,
    )
    expect(neither.err).toContain("Name one member, or --all")
  })

  it("loads a content collection from a JSON file only when every item is valid", async () => {
    const good = path.join(app.dir(), "faq.json")
    fs.writeFileSync(good, JSON.stringify([{ question: "Is this a test?", answer: "Yes.", order: 1 }]))
    expect((await asAdmin("content", "load", "faq", good)).out).toBe("Loaded 1 faq item(s).")
    const bad = path.join(app.dir(), "bad.json")
    fs.writeFileSync(bad, JSON.stringify([{ question: "", order: "first" }]))
    const refused = await asAdmin("content", "load", "faq", bad)
    expect(refused.code).toBe(ExitCode.refused)
    expect(refused.err).toContain("is not a valid faq list")
  })

  it("adds a news article from Markdown with front matter, updates it by its link, and refuses a file without front matter", async () => {
    const file = path.join(app.dir(), "news.md")
    const article = (title: string) =>
      [
        "---",
        `title: "${title}"`,
        "image: https://img.example/a.png",
        "link: https://landunits.example/news/a",
        "category: projects",
        "categoryName: Projects",
        "publishedAt: 2026-11-01T00:00:00Z",
        "---",
        "",
        "The **body**.",
      ].join("\n")
    fs.writeFileSync(file, article("First title"))
    expect((await asAdmin("content", "add-news", file)).out).toBe('Added the news article "First title".')
    fs.writeFileSync(file, article("Second title"))
    expect((await asAdmin("content", "add-news", file)).out).toBe('Updated the news article "Second title".')
    const news = await run(Effect.flatMap(SiteContent, (c) => c.list("news")))
    const mine = news.filter((a) => a.link === "https://landunits.example/news/a")
    expect(mine).toEqual([
      {
        title: "Second title",
        image: "https://img.example/a.png",
        link: "https://landunits.example/news/a",
        description: "The **body**.",
        category: { slug: "projects", name: "Projects" },
        publishedAt: Date.UTC(2026, 10, 1),
      },
    ])
    fs.writeFileSync(file, "no front matter")
    const refused = await asAdmin("content", "add-news", file)
    expect(refused.code).toBe(ExitCode.refused)
    expect(refused.err).toContain("must start with front matter")
  })

  it("writes the fees page from Markdown, replacing the previous one, and lists the pages", async () => {
    const file = path.join(app.dir(), "fees.md")
    fs.writeFileSync(file, "---\ntitle: Fees\n---\nA fee of about 1 on purchases.")
    expect((await asAdmin("content", "set-page", "fees", file)).out).toBe('Wrote the fees page "Fees".')
    fs.writeFileSync(file, "---\ntitle: Our fees\n---\n10 Units on sales.")
    await asAdmin("content", "set-page", "fees", file)
    const pages = JSON.parse((await asAdmin("--json", "content", "list", "pages")).out)
    expect(pages).toEqual([
      expect.objectContaining({ slug: "fees", title: "Our fees", markdown: "10 Units on sales." }),
    ])
    expect((await asAdmin("content", "list", "pages")).out).toBe("1. Our fees")
    expect((await asAdmin("content", "set-page", "prices", file)).err).toContain("page prices is not valid")
  })

  it("creates a vote with its quiz from a JSON file, and refuses a quiz whose right answer is not an option", async () => {
    const file = path.join(app.dir(), "vote.json")
    const vote = (right: string) => ({
      title: "Plant the east field?",
      description: "Spring planting",
      opensAt: "2026-11-01T00:00:00Z",
      closesAt: "2026-12-01T00:00:00Z",
      quiz: [
        {
          questionId: "q1",
          question: "Where?",
          options: [
            { optionId: "a", text: "East" },
            { optionId: "b", text: "West" },
          ],
          rightOptionId: right,
        },
      ],
    })
    fs.writeFileSync(file, JSON.stringify(vote("a")))
    const created = await asAdmin("content", "add-vote", file)
    expect(created.out).toMatch(/^Created the vote .+: Plant the east field\?$/)
    expect((await auditOf("governance.vote.create")).at(-1)!.actor).toBe("mem_admin")
    fs.writeFileSync(file, JSON.stringify(vote("z")))
    const refused = await asAdmin("content", "add-vote", file)
    expect(refused.code).toBe(ExitCode.refused)
    expect(refused.err).toContain("The right answer of quiz question q1 is not one of its options")
  })

  it("lists community agent applications and approves one: the member is an agent", async () => {
    const other = MemberId.make("mem_other")
    const application = await run(
      Effect.flatMap(CommunityService, (c) =>
        c.applyAsAgent(memberActor(other), {
          reason: "I know the land",
          experienceAndMotivation: "Ten years farming",
        }),
      ),
    )
    const pending = await asAdmin("agents", "list")
    expect(pending.out).toContain(application.applicationId)
    expect((await asAdmin("agents", "approve", application.applicationId)).out).toBe(
      `${application.applicationId} (mem_other): Approved`,
    )
    expect(await run(Effect.flatMap(CommunityService, (c) => c.isAgent(other)))).toBe(true)
    expect((await asAdmin("agents", "reject", "app_nope")).code).toBe(ExitCode.refused)
  })

  it("shows an outbox message with the links' secret tokens masked", async () => {
    await run(
      Effect.flatMap(Mailer, (m) =>
        m.enqueue({
          to: "masked@example.com",
          template: "reset-password",
          data: { firstName: "M", token: "s3cret" },
        }),
      ),
    )
    const listed = JSON.parse((await asAdmin("--json", "mail", "list", "--to", "masked@example.com")).out)
    expect(listed).toHaveLength(1)
    const shown = await asAdmin("mail", "show", String(listed[0].id))
    expect(shown.out).toContain("data.firstName: M")
    expect(shown.out).not.toContain("s3cret")
    expect((await asAdmin("mail", "show", "987654")).err).toBe("Refused: No message 987654 in the outbox")
  })

  it("reconcile prints a provider payment without an order and money taken for an unpaid order, exit code 1", async () => {
    const order = await newBankBuy("cli-test-reconcile")
    expect((await asAdmin("--json", "db", "reconcile")).code).toBe(0)
    const event = (eventId: string, paymentId: string, amountCents: number, orderId?: string) =>
      Effect.flatMap(ProviderEventLog, (log) =>
        log.record(
          {
            provider: "stripe",
            eventId,
            eventType: "payment_intent.succeeded",
            kind: "succeeded",
            testMode: false,
            paymentId,
            amountCents,
            currency: "EUR",
            ...(orderId === undefined ? {} : { orderId }),
          },
          Date.now(),
        ),
      )
    await run(
      Effect.all([event("evt_orphan", "pi_orphan", 500), event("evt_short", "pi_short", 1, order.orderId)]),
    )
    const report = await asAdmin("--json", "db", "reconcile")
    expect(report.code).toBe(ExitCode.refused)
    expect(JSON.parse(report.out).mismatches.map((m: { kind: string }) => m.kind)).toEqual([
      "PaymentWithoutOrder",
      "PaymentForUnpaidOrder",
    ])
  })

  it("exports a member's KYC documents decrypted into a private folder, each read audited", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
    await run(
      Effect.flatMap(KycService, (kyc) =>
        kyc.uploadDocument(memberActor(demo), demo, "optionalDocument", {
          fileName: "../pass port.png",
          bytes: png,
        }),
      ),
    )
    const folder = path.join(app.dir(), "kyc-export")
    const done = await asAdmin("--json", "kyc", "export-documents", DEMO_EMAIL, "--to", folder)
    expect(done.code).toBe(0)
    const files = (JSON.parse(done.out).files as ReadonlyArray<string>).filter((f) => f.endsWith(".png"))
    expect(files.length).toBeGreaterThanOrEqual(1)
    expect(path.dirname(files[0]!)).toBe(folder)
    expect(path.basename(files[0]!)).toMatch(/-pass_port\.png$/)
    expect(new Uint8Array(fs.readFileSync(files[0]!))).toEqual(png)
    expect(fs.statSync(files[0]!).mode & 0o777).toBe(0o600)
    const reads = await auditOf("kyc.document.read", `member:${demo}`)
    expect(reads.length).toBe(JSON.parse(done.out).files.length)
    expect(reads.every((r) => r.actor === "mem_admin")).toBe(true)
  })
})

describe("admin commands counted for the metrics", () => {
  it("each command adds one to its operation's count for its outcome, in the database (landunits_admin_commands_total)", async () => {
    const countOf = (rows: ReadonlyArray<AdminCommandCount>, operation: string, outcome: string) =>
      rows.find((r) => r.operation === operation && r.outcome === outcome)?.count ?? 0
    const before = await run(readAdminCommandCounts)
    expect((await asAdmin("pricing", "show")).code).toBe(0)
    expect((await cli("--as", "other@landunits.example", "pricing", "show")).code).toBe(ExitCode.refused)
    // An unknown order is refused before any confirmation is asked for.
    const cancel = await asAdmin("orders", "cancel", "no-such-order", "--reason", "The member asked")
    expect(cancel).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: Order no-such-order was not found",
    })
    const after = await run(readAdminCommandCounts)
    expect(countOf(after, "pricing.show", "ok")).toBe(countOf(before, "pricing.show", "ok") + 1)
    expect(countOf(after, "pricing.show", "refused")).toBe(countOf(before, "pricing.show", "refused") + 1)
    expect(countOf(after, "orders.cancel", "refused")).toBe(countOf(before, "orders.cancel", "refused") + 1)
  })
})
