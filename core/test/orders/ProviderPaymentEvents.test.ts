/**
 * decideProviderEvent: the whole rule of what a verified card-provider event does to its order
 * (docs/decisions.md, "Card payments and provider webhooks"). Example tests per rule, then properties over
 * any order and any sequence of events.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import type { PaymentProvider } from "../../src/orders/PaymentProviders.ts"
import {
  decideProviderEvent,
  type PaymentEventKind,
  type ProviderEventDecision,
  type ProviderPaymentEvent,
} from "../../src/orders/ProviderPaymentEvents.ts"
import { CurrencyTypes, type OrderStatus, OrderStatuses } from "../../src/shared/Enums.ts"
import { aBuy } from "../support/OrderStoresContract.ts"

/** A card-stripe buy of 123.45 EUR whose payment is pi_1, in `status`. */
const order = (status: OrderStatus = "InProcess", over: Partial<OrderRecord> = {}): OrderRecord => ({
  ...aBuy("ord_1", { orderStatus: status }),
  sequence: 1,
  ...over,
})

/** A Stripe success for exactly the order's amount, through its own payment. */
const event = (over: Partial<ProviderPaymentEvent> = {}): ProviderPaymentEvent => ({
  provider: "stripe",
  eventId: "evt_1",
  eventType: "payment_intent.succeeded",
  kind: "succeeded",
  testMode: false,
  paymentId: "pi_1",
  orderPaymentRef: "pi_1",
  orderId: "ord_1",
  amountCents: 12_345,
  currency: "EUR",
  ...over,
})

const failure = (over: Partial<ProviderPaymentEvent> = {}) =>
  event({ eventType: "payment_intent.payment_failed", kind: "failed", ...over })

const tag = (decision: ProviderEventDecision) => decision._tag

describe("decideProviderEvent: a success", () => {
  it("settles an InProcess order for exactly its amount and currency through its own payment", () => {
    expect(decideProviderEvent(event(), order(), [])).toEqual({ _tag: "Settle" })
  })

  it("settles a Square success, which names the order but not our payment reference", () => {
    const squareOrder = order("InProcess", {
      paymentDetails: { ...order().paymentDetails!, paymentMethod: "card-square" },
    })
    const { orderPaymentRef: _, ...square } = event({ provider: "square", paymentId: "sq_pay_1" })
    expect(decideProviderEvent(square, squareOrder, [])).toEqual({ _tag: "Settle" })
  })

  it.each(["Cancelled", "Expired", "Failed"] as const)(
    "on a %s order is flagged for an admin, never settled",
    (status) => {
      const decision = decideProviderEvent(event(), order(status), [])
      expect(decision).toEqual({
        _tag: "Flag",
        detail: `The payment succeeded but the order is ${status}: an admin confirms it or refunds it`,
      })
    },
  )

  it.each(["Approved", "Completed"] as const)(
    "on an order already paid (%s) is flagged as a second payment",
    (status) => {
      const decision = decideProviderEvent(
        event({ paymentId: "pi_2", orderPaymentRef: "pi_1" }),
        order(status),
        [],
      )
      expect(tag(decision)).toBe("Flag")
      expect(decision).toMatchObject({ detail: expect.stringContaining("already paid") })
    },
  )

  it("for another amount is flagged, naming both amounts", () => {
    expect(decideProviderEvent(event({ amountCents: 12_344 }), order(), [])).toEqual({
      _tag: "Flag",
      detail: "Amount mismatch: the provider took 12344 EUR, the order is for 12345 EUR",
    })
  })

  it("in another currency is flagged", () => {
    expect(tag(decideProviderEvent(event({ currency: "USD" }), order(), []))).toBe("Flag")
  })

  it("without an amount is flagged, not settled", () => {
    const { amountCents: _, ...noAmount } = event()
    expect(tag(decideProviderEvent(noAmount, order(), []))).toBe("Flag")
  })

  it("through a payment the order did not start last (an earlier attempt or a second payment) is flagged", () => {
    const decision = decideProviderEvent(event({ paymentId: "pi_9", orderPaymentRef: "pi_9" }), order(), [])
    expect(decision).toEqual({
      _tag: "Flag",
      detail:
        "Payment pi_9 is not the payment this order started last (an earlier attempt or a second payment)",
    })
  })

  it("settles an order waiting for another card (Initiated after a decline) through its current attempt's payment", () => {
    const declined = order("Initiated", { payment: { attempt: 1 } })
    expect(decideProviderEvent(event(), declined, [])).toEqual({ _tag: "Settle" })
    // Without the attempt named (a Square payment made before attempts existed), it is flagged instead.
    const { orderPaymentRef: _, ...unnamed } = event()
    expect(tag(decideProviderEvent(unnamed, declined, []))).toBe("Flag")
    // An Initiated order whose payment never started has no payment a success could be about.
    expect(tag(decideProviderEvent(event(), order("Initiated"), []))).toBe("Flag")
  })

  it("for no known order is flagged", () => {
    expect(tag(decideProviderEvent(event(), undefined, []))).toBe("Flag")
  })

  it("for an order paid by another method or for a sell is flagged", () => {
    const bank = order("InProcess", { paymentDetails: { ...order().paymentDetails!, paymentMethod: "bank" } })
    expect(tag(decideProviderEvent(event(), bank, []))).toBe("Flag")
    expect(tag(decideProviderEvent(event({ provider: "square" }), order(), []))).toBe("Flag")
    expect(tag(decideProviderEvent(event(), order("InProcess", { orderType: "SELL" }), []))).toBe("Flag")
  })

  it("for a payment already settled (another event about it) is ignored, nothing moves twice", () => {
    expect(decideProviderEvent(event({ eventId: "evt_2" }), order(), ["pi_1"])).toEqual({
      _tag: "Ignore",
      detail: "Payment pi_1 is already settled",
    })
  })
})

describe("decideProviderEvent: a failure or a provider cancel", () => {
  it("declines the current attempt of an InProcess order with the provider's words (the order waits for another card)", () => {
    expect(
      decideProviderEvent(failure({ failureReason: "Your card has insufficient funds." }), order(), []),
    ).toEqual({ _tag: "Decline", reason: "Your card has insufficient funds." })
  })

  it("without the provider's words declines it as declined", () => {
    expect(decideProviderEvent(failure(), order(), [])).toEqual({
      _tag: "Decline",
      reason: "The card payment was declined",
    })
  })

  it("of an earlier attempt, arriving after the next attempt started, changes nothing", () => {
    // The order's current attempt is pi_2; the failure is pi_1's, the card declined before.
    const retried = order("InProcess", { buy: { paymentId: "pi_2" }, payment: { attempt: 2 } })
    expect(decideProviderEvent(failure({ paymentId: "pi_1", orderPaymentRef: "pi_1" }), retried, [])).toEqual(
      {
        _tag: "Ignore",
        detail:
          "Payment pi_1 is not the order's current payment (an earlier attempt): its failed changes nothing",
      },
    )
  })

  it("a provider cancel fails the order (Failed, not the member's Cancelled)", () => {
    expect(decideProviderEvent(failure({ kind: "canceled" }), order(), [])).toEqual({
      _tag: "Fail",
      reason: "The payment was canceled by the provider",
    })
  })

  it.each(["Approved", "Completed", "Cancelled", "Expired", "Failed", "Initiated"] as const)(
    "after the order left InProcess (%s) is ignored: a failure after the success changes nothing",
    (status) => {
      expect(tag(decideProviderEvent(failure(), order(status), []))).toBe("Ignore")
    },
  )

  it("of another payment than the order's is ignored", () => {
    expect(
      tag(decideProviderEvent(failure({ paymentId: "pi_2", orderPaymentRef: "pi_2" }), order(), [])),
    ).toBe("Ignore")
  })

  it("for no known order is only noted (ignored): no money was taken", () => {
    expect(tag(decideProviderEvent(failure(), undefined, []))).toBe("Ignore")
  })
})

describe("decideProviderEvent: other events", () => {
  it("an event that is not a payment outcome is ignored, whatever the order", () => {
    expect(tag(decideProviderEvent(event({ kind: "other", eventType: "charge.updated" }), order(), []))).toBe(
      "Ignore",
    )
  })
})

// Properties

const providers: ReadonlyArray<PaymentProvider> = ["stripe", "square"]
const kinds: ReadonlyArray<PaymentEventKind> = ["succeeded", "failed", "canceled", "other"]
const paymentIds = ["pi_1", "pi_2", "pi_3"]

const anEvent: fc.Arbitrary<ProviderPaymentEvent> = fc
  .record({
    provider: fc.constantFrom(...providers),
    kind: fc.constantFrom(...kinds),
    paymentId: fc.constantFrom(...paymentIds),
    echoesRef: fc.boolean(),
    orderId: fc.option(fc.constantFrom("ord_1", "ord_other"), { nil: undefined }),
    amountCents: fc.option(fc.oneof(fc.constant(12_345), fc.integer({ min: 0, max: 50_000 })), {
      nil: undefined,
    }),
    currency: fc.option(fc.constantFrom("EUR", "EUR", "EUR", ...CurrencyTypes), { nil: undefined }),
    n: fc.nat(),
  })
  .map(({ echoesRef, n, orderId, amountCents, currency, ...e }) => ({
    eventId: `evt_${n}`,
    eventType: e.kind,
    testMode: false,
    ...e,
    ...(echoesRef ? { orderPaymentRef: e.paymentId } : {}),
    ...(orderId === undefined ? {} : { orderId }),
    ...(amountCents === undefined ? {} : { amountCents }),
    ...(currency === undefined ? {} : { currency }),
  }))

const anOrder: fc.Arbitrary<OrderRecord> = fc
  .record({
    // Mostly InProcess, so that settles (the case the properties guard) are common.
    status: fc.oneof(
      { arbitrary: fc.constant<OrderStatus>("InProcess"), weight: 3 },
      { arbitrary: fc.constantFrom(...OrderStatuses), weight: 1 },
    ),
    method: fc.constantFrom("card-stripe", "card-square", "bank", "crypto") as fc.Arbitrary<
      "card-stripe" | "card-square" | "bank" | "crypto"
    >,
    orderType: fc.constantFrom("BUY", "BUY", "BUY", "SELL") as fc.Arbitrary<"BUY" | "SELL">,
  })
  .map(({ status, method, orderType }) =>
    order(status, { orderType, paymentDetails: { ...order().paymentDetails!, paymentMethod: method } }),
  )

/** Plays events against one order the way ProviderPaymentService applies decisions. */
const play = (start: OrderRecord, events: ReadonlyArray<ProviderPaymentEvent>) => {
  let current = start
  const settled: Array<string> = []
  const decisions: Array<{
    event: ProviderPaymentEvent
    status: OrderStatus
    decision: ProviderEventDecision
  }> = []
  for (const e of events) {
    const target = e.orderId === current.orderId ? current : undefined
    const decision = decideProviderEvent(e, target, settled)
    decisions.push({ event: e, status: current.orderStatus, decision })
    if (decision._tag === "Settle") {
      settled.push(e.paymentId)
      current = { ...current, orderStatus: "Approved" }
    } else if (decision._tag === "Fail") {
      current = { ...current, orderStatus: "Failed" }
    } else if (decision._tag === "Decline") {
      current = { ...current, orderStatus: "Initiated", payment: { attempt: 1 } }
    }
  }
  return { decisions, settled }
}

describe("decideProviderEvent: properties", () => {
  it("for any sequence of events, a payment settles at most once, and an order at most once", () => {
    fc.assert(
      fc.property(anOrder, fc.array(anEvent, { maxLength: 12 }), (start, events) => {
        const { settled } = play(start, events)
        expect(new Set(settled).size).toBe(settled.length)
        expect(settled.length).toBeLessThanOrEqual(1)
      }),
    )
  })

  it("a settle happens only for a success meeting an unpaid card buy of exactly its amount and currency, through its current payment", () => {
    let settles = 0
    fc.assert(
      fc.property(anOrder, fc.array(anEvent, { maxLength: 12 }), (start, events) => {
        for (const { event: e, status, decision } of play(start, events).decisions) {
          if (decision._tag !== "Settle") continue
          settles += 1
          expect(e.kind).toBe("succeeded")
          expect(["InProcess", "Initiated"]).toContain(status)
          if (status === "Initiated") expect(e.orderPaymentRef).toBe(start.buy?.paymentId)
          if (e.orderPaymentRef !== undefined) expect(e.orderPaymentRef).toBe(start.buy?.paymentId)
          expect(start.orderType).toBe("BUY")
          expect(start.paymentDetails?.paymentMethod).toBe(
            e.provider === "stripe" ? "card-stripe" : "card-square",
          )
          expect(e.amountCents).toBe(start.paymentDetails?.paymentAmount)
          expect(e.currency).toBe(start.paymentDetails?.currency)
        }
      }),
      // The random runs reach a settle only now and then (many fields must line up), so the first run is
      // always one that settles: the count below then proves the checks above ran on a real settle.
      { numRuns: 300, examples: [[order(), [event()]]] },
    )
    expect(settles).toBeGreaterThan(0)
  })

  it("money taken is never silently dropped: a success settles, is flagged, or names a payment already settled", () => {
    fc.assert(
      fc.property(
        anEvent,
        fc.option(anOrder, { nil: undefined }),
        fc.subarray(paymentIds),
        (e, target, settled) => {
          fc.pre(e.kind === "succeeded")
          const decision = decideProviderEvent(e, target, settled)
          if (decision._tag === "Ignore") expect(settled).toContain(e.paymentId)
          else expect(["Settle", "Flag"]).toContain(decision._tag)
        },
      ),
    )
  })

  it("a failure or cancel never settles, and declines or fails only an InProcess order's current attempt; no other event moves anything", () => {
    fc.assert(
      fc.property(anEvent, fc.option(anOrder, { nil: undefined }), (e, target) => {
        const decision = decideProviderEvent(e, target, [])
        if (e.kind !== "succeeded") expect(decision._tag).not.toBe("Settle")
        if (decision._tag === "Fail" || decision._tag === "Decline") {
          expect(decision._tag === "Fail" ? "canceled" : "failed").toBe(e.kind)
          expect(target?.orderStatus).toBe("InProcess")
          if (e.orderPaymentRef !== undefined) expect(e.orderPaymentRef).toBe(target?.buy?.paymentId)
        }
        if (e.kind === "other") expect(decision._tag).toBe("Ignore")
      }),
    )
  })
})
