import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  AlwaysCommands,
  type ApprovalRequest,
  type ApprovalStatus,
  ApprovalStatuses,
  GatedCommands,
  MoneyCommands,
} from "../../src/approvals/ApprovalModel.ts"
import {
  APPROVAL_LIFETIME_MS,
  asOf,
  canMove,
  DEFAULT_THRESHOLD_MINOR_UNITS,
  decided,
  gate,
  mayDecide,
  orderAmount,
  parseThreshold,
  thresholdsWithDefaults,
} from "../../src/approvals/FourEyes.ts"
import type { Order } from "../../src/orders/OrderModel.ts"
import { CurrencyTypes } from "../../src/shared/Enums.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"

const ada = { adminId: MemberId.make("mem_ada"), name: "Ada Admin", email: "ada@example.com" }
const bob = { adminId: MemberId.make("mem_bob"), name: "Bob Boss", email: "bob@example.com" }
const defaults = thresholdsWithDefaults({})

const request = (status: ApprovalStatus = "pending"): ApprovalRequest => ({
  requestId: "apr_1",
  command: "payouts.markPaid",
  params: { payoutId: "pay_1" },
  summary: "Record 2000000 cents EUR as paid to mem_1",
  amount: { amountMinor: 2_000_000, currency: "EUR" },
  requestedBy: ada,
  requestedAt: 1_000,
  expiresAt: 1_000 + APPROVAL_LIFETIME_MS,
  status,
})

const currency = fc.constantFrom(...CurrencyTypes)
const minor = fc.integer({ min: 0, max: 1_000_000_000 })

describe("which command needs a second admin", () => {
  it("every currency's threshold defaults to 10,000.00 (1,000,000 minor units); a set one replaces it for its currency only", () => {
    expect(defaults).toEqual({ EUR: 1_000_000, USD: 1_000_000, AUD: 1_000_000, GBP: 1_000_000 })
    expect(thresholdsWithDefaults({ GBP: 5_000 })).toEqual({ ...defaults, GBP: 5_000 })
    expect(DEFAULT_THRESHOLD_MINOR_UNITS).toBe(1_000_000)
  })

  it("a money move above its currency's threshold needs a second admin; at or below it, it runs at once", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MoneyCommands),
        currency,
        minor,
        minor,
        (command, c, threshold, amount) => {
          const decision = gate({
            command,
            amount: { amountMinor: amount, currency: c },
            adminAccounts: 2,
            thresholds: { ...defaults, [c]: threshold },
          })
          expect(decision._tag).toBe(amount > threshold ? "SecondAdmin" : "Direct")
        },
      ),
    )
  })

  it("only the move's own currency's threshold counts", () => {
    const thresholds = { ...defaults, EUR: 100, USD: 10_000 }
    const usd = gate({
      command: "payouts.markPaid",
      amount: { amountMinor: 5_000, currency: "USD" },
      adminAccounts: 3,
      thresholds,
    })
    const eur = gate({
      command: "payouts.markPaid",
      amount: { amountMinor: 5_000, currency: "EUR" },
      adminAccounts: 3,
      thresholds,
    })
    expect([usd._tag, eur._tag]).toEqual(["Direct", "SecondAdmin"])
  })

  it("making an admin, setting a price and creating a discount code always need a second admin once there are two admins", () => {
    for (const command of AlwaysCommands) {
      expect(gate({ command, adminAccounts: 2, thresholds: defaults })._tag).toBe("SecondAdmin")
    }
  })

  it("an installation with fewer than two admin accounts has nobody to approve: every command runs at once", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GatedCommands),
        fc.integer({ min: 0, max: 1 }),
        minor,
        currency,
        (command, admins, amount, c) => {
          const decision = gate({
            command,
            amount: { amountMinor: amount, currency: c },
            adminAccounts: admins,
            thresholds: defaults,
          })
          expect(decision._tag).toBe("Direct")
        },
      ),
    )
  })

  it("raising a threshold needs a second admin; keeping or lowering it runs at once", () => {
    fc.assert(
      fc.property(currency, minor, minor, (c, current, asked) => {
        const decision = gate({
          command: "approvals.setThreshold",
          newThreshold: { amountMinor: asked, currency: c },
          adminAccounts: 2,
          thresholds: { ...defaults, [c]: current },
        })
        expect(decision._tag).toBe(asked > current ? "SecondAdmin" : "Direct")
      }),
    )
  })

  it("an order moves its payment amount in its currency; a sell without a payment, its Units at its price in cents", () => {
    const sell = {
      orderId: OrderId.make("ord_1"),
      orderType: "SELL",
      orderStatus: "InProcess",
      currencyUnit: { unitType: "LAND_POUND", numberOfUnits: 3, pricePerUnit: 12_345, isDoubleLand: false },
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    } satisfies Order
    expect(orderAmount(sell)).toEqual({ amountMinor: 3_704, currency: "GBP" })
    const buy = {
      ...sell,
      orderType: "BUY",
      paymentDetails: {
        paymentAmount: 6_410,
        paymentMethod: "bank",
        paymentMethodFees: { fixedCentsFees: 0, fixedPercentageFees: 0 },
        currency: "GBP",
        subTotal: 6_310,
        transactionFee: 100,
      },
    } satisfies Order
    expect(orderAmount(buy)).toEqual({ amountMinor: 6_410, currency: "GBP" })
  })

  it("a threshold is a whole number of minor units, 0 or more", () => {
    expect(parseThreshold(" 250000 ")).toEqual(Result.succeed(250_000))
    expect(parseThreshold("0")).toEqual(Result.succeed(0))
    for (const bad of ["-1", "12.5", "", "1e6", "ten"]) {
      expect(Result.isFailure(parseThreshold(bad))).toBe(true)
    }
  })
})

describe("who decides a request, and when", () => {
  it("nobody approves their own request; another admin may", () => {
    expect(mayDecide(request(), ada, "approve", 2_000)).toEqual(
      Result.fail("Nobody approves their own request: another admin must approve apr_1"),
    )
    expect(Result.isSuccess(mayDecide(request(), bob, "approve", 2_000))).toBe(true)
  })

  it("the requester may withdraw (reject) their own request", () => {
    expect(Result.isSuccess(mayDecide(request(), ada, "reject", 2_000))).toBe(true)
  })

  it("a request is decided only while pending and before it expires", () => {
    for (const status of ApprovalStatuses.filter((s) => s !== "pending")) {
      expect(Result.isFailure(mayDecide(request(status), bob, "approve", 2_000))).toBe(true)
      expect(Result.isFailure(mayDecide(request(status), bob, "reject", 2_000))).toBe(true)
    }
    const late = mayDecide(request(), bob, "approve", request().expiresAt)
    expect(late).toEqual(Result.fail("Request apr_1 is expired: it can be decided only while pending"))
    expect(asOf(request(), request().expiresAt)).toMatchObject({
      status: "expired",
      decidedAt: request().expiresAt,
    })
    expect(asOf(request(), request().expiresAt - 1).status).toBe("pending")
  })

  it("a request moves once, out of pending, to a final status: any run of decisions settles it at most once", () => {
    const final = ApprovalStatuses.filter((s) => s !== "pending") as ReadonlyArray<
      Exclude<ApprovalStatus, "pending">
    >
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...final), { minLength: 1, maxLength: 8 }), (attempts) => {
        let current = request()
        let moves = 0
        for (const to of attempts) {
          if (!canMove(current.status, to)) {
            expect(() => decided(current, to, 5_000, { by: bob })).toThrow()
            continue
          }
          current = decided(current, to, 5_000, { by: bob })
          moves++
        }
        expect(moves).toBe(1)
        expect(current.status).toBe(attempts[0])
        expect(current.decidedBy).toEqual(bob)
      }),
    )
  })
})
