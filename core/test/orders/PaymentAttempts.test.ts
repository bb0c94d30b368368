/**
 * A buy's payment attempts (decisions: card-payments-that-can-be-retried): a declined card leaves the order
 * payable by another card (a new attempt on the same order, with its own provider payment and idempotency key),
 * its Units reserved until its normal expiry, until MAX_CARD_ATTEMPTS declines; a provider is never called while
 * a unit of work is open; a webhook about an earlier attempt never moves the order; a crypto quote is kept with
 * the order and holds for CRYPTO_QUOTE_VALIDITY_MS; a coin that is not offered is refused in words.
 */

import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import type { CoinOffers } from "../../src/orders/CryptoOffers.ts"
import { OrderService } from "../../src/orders/OrderService.ts"
import { byProvider } from "../../src/orders/OrderTimeline.ts"
import { type CardGatewayShape, memoryCardGateway } from "../../src/orders/PaymentProviders.ts"
import {
  afterDecline,
  attemptsLeftAfter,
  declineMessage,
  paymentAttemptKey,
} from "../../src/orders/PaymentRules.ts"
import { ProviderPaymentService } from "../../src/orders/ProviderPaymentService.ts"
import { CryptoPayments } from "../../src/orders/ports/CryptoPayments.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { ProviderEventLog } from "../../src/orders/ports/ProviderEventLog.ts"
import { StripeGateway } from "../../src/orders/ports/StripeGateway.ts"
import {
  CARD_ORDER_EXPIRY_MS,
  CRYPTO_QUOTE_VALIDITY_MS,
  Durations,
  MAX_CARD_ATTEMPTS,
} from "../../src/shared/Constants.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { checkProperty } from "../support/EffectProperty.ts"
import { makeOrderHarness, type OrderHarness } from "../support/OrderHarness.ts"
import { balance, buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const PROVIDER = byProvider("stripe", "evt_test")

/** A Stripe gateway that records each call's idempotency key and whether a unit of work was open then. */
const watchedStripe = () =>
  Effect.gen(function* () {
    const calls: Array<{ key: string; inTransaction: boolean; kind: "create" | "cancel" }> = []
    const holder: { h?: OrderHarness } = {}
    const gateway = memoryCardGateway("stripe")
    const shape: CardGatewayShape = {
      createPayment: (request) =>
        Effect.suspend(() => {
          calls.push({
            key: request.idempotencyKey,
            inTransaction: holder.h!.inTransaction(),
            kind: "create",
          })
          return gateway.createPayment(request)
        }),
      cancelPayment: (paymentId) =>
        Effect.suspend(() => {
          calls.push({ key: paymentId, inTransaction: holder.h!.inTransaction(), kind: "cancel" })
          return gateway.cancelPayment(paymentId)
        }),
    }
    const h = yield* makeOrderHarness({ stripe: Layer.succeed(StripeGateway)(shape) })
    holder.h = h
    return { h, calls }
  })

const start = (h: OrderHarness, orderId: OrderId, coin?: "BITCOIN" | "ETHER") =>
  h.run(h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId, coin }))

const decline = (h: OrderHarness, orderId: OrderId, reason = "Your card was declined.") =>
  h.run(h.orders.declinePayment({ actor: PROVIDER, idempotencyKey: h.key(), orderId, reason }))

describe("a declined card", () => {
  it.effect(
    "leaves the order payable: back to Initiated with its Units reserved, the member told why and how many tries are left",
    () =>
      Effect.gen(function* () {
        const { h } = yield* watchedStripe()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        yield* start(h, order.orderId)
        const declined = yield* decline(h, order.orderId, "Your card has insufficient funds.")
        expect(declined.orderStatus).toBe("Initiated")
        expect(declined.payment?.lastDecline).toEqual({
          attempt: 1,
          reason: "Your card has insufficient funds.",
          at: yield* Clock.currentTimeMillis,
        })
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(10)
        expect(declined.timeline.at(-1)).toMatchObject({
          from: "InProcess",
          to: "Initiated",
          actor: PROVIDER,
          reason: `Your card has insufficient funds. No money was taken and your order is still open: try another card (${MAX_CARD_ATTEMPTS - 1} tries left).`,
        })
      }),
  )

  it.effect(
    "is followed by a new attempt on the same order: a new provider payment under the attempt's own key, never inside a unit of work",
    () =>
      Effect.gen(function* () {
        const { h, calls } = yield* watchedStripe()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        const first = yield* start(h, order.orderId)
        yield* decline(h, order.orderId)
        const second = yield* start(h, order.orderId)
        expect(second.order.orderId).toBe(order.orderId)
        expect(second.order.orderStatus).toBe("InProcess")
        expect(second.instructions).toMatchObject({ _tag: "CardPayment", attempt: 2 })
        expect(second.order.buy?.paymentId).not.toBe(first.order.buy?.paymentId)
        expect(calls.filter((c) => c.kind === "create").map((c) => c.key)).toEqual([
          `${order.orderId}:payment`,
          `${order.orderId}:payment:2`,
        ])
        expect(calls.every((c) => !c.inTransaction)).toBe(true)
        // Starting again continues the attempt: no third provider payment.
        const again = yield* start(h, order.orderId)
        expect(again.order.buy?.paymentId).toBe(second.order.buy?.paymentId)
        expect(calls.filter((c) => c.kind === "create")).toHaveLength(2)
      }),
  )

  it.effect("keeps the order's expiry: another card does not extend the reservation", () =>
    Effect.gen(function* () {
      const { h } = yield* watchedStripe()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      const first = yield* start(h, order.orderId)
      expect(first.order.expiresAt).toBe((yield* Clock.currentTimeMillis) + CARD_ORDER_EXPIRY_MS)
      yield* TestClock.adjust(40 * Durations.MINUTE)
      yield* decline(h, order.orderId)
      const second = yield* start(h, order.orderId)
      expect(second.order.expiresAt).toBe(first.order.expiresAt)
      yield* TestClock.adjust(20 * Durations.MINUTE)
      expect((yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))).map((o) => o.orderId)).toEqual([
        order.orderId,
      ])
      expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
    }),
  )

  it.effect(`the ${MAX_CARD_ATTEMPTS}th fails the order and releases its Units`, () =>
    Effect.gen(function* () {
      const { h } = yield* watchedStripe()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      for (let attempt = 1; attempt < MAX_CARD_ATTEMPTS; attempt++) {
        yield* start(h, order.orderId)
        expect((yield* decline(h, order.orderId)).orderStatus).toBe("Initiated")
      }
      yield* start(h, order.orderId)
      const failed = yield* decline(h, order.orderId)
      expect(failed.orderStatus).toBe("Failed")
      expect(failed.payment?.attempt).toBe(MAX_CARD_ATTEMPTS)
      expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
      expect(
        (yield* h.fail(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        ))._tag,
      ).toBe("InvalidTransition")
    }),
  )

  it.effect("cancelling calls the provider only once the cancel is committed, outside any unit of work", () =>
    Effect.gen(function* () {
      const { h, calls } = yield* watchedStripe()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      const started = yield* start(h, order.orderId)
      yield* h.run(h.orders.cancelBuy({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }))
      expect(calls.filter((c) => c.kind === "cancel")).toEqual([
        { key: started.order.buy!.paymentId!, inTransaction: false, kind: "cancel" },
      ])
    }),
  )

  it.effect(
    "a provider that fails to start the payment leaves the attempt to be started again under the same key",
    () =>
      Effect.gen(function* () {
        let failOnce = true
        const gateway = memoryCardGateway("stripe")
        const keys: Array<string> = []
        const h = yield* makeOrderHarness({
          stripe: Layer.succeed(StripeGateway)({
            ...gateway,
            createPayment: (request) =>
              Effect.suspend(() => {
                keys.push(request.idempotencyKey)
                if (failOnce) {
                  failOnce = false
                  return Effect.die(new Error("unreachable"))
                }
                return gateway.createPayment(request)
              }),
          }),
        })
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        // The provider's defect fails the start, as it threw from the synchronous runner.
        expect(Exit.isFailure(yield* Effect.exit(start(h, order.orderId)))).toBe(true)
        const started = yield* start(h, order.orderId)
        expect(started.instructions).toMatchObject({ _tag: "CardPayment", attempt: 1 })
        expect(keys).toEqual([`${order.orderId}:payment`, `${order.orderId}:payment`])
      }),
  )
})

describe("the decline rule (PaymentRules.ts)", () => {
  it("retries below MAX_CARD_ATTEMPTS, fails at it, and the tries left count down to 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (attempt) => {
        expect(afterDecline(attempt)).toBe(attempt < MAX_CARD_ATTEMPTS ? "retry" : "fail")
        expect(attemptsLeftAfter(attempt)).toBe(Math.max(0, MAX_CARD_ATTEMPTS - attempt))
        expect(attemptsLeftAfter(attempt) === 0).toBe(afterDecline(attempt) === "fail")
        expect(declineMessage("Declined.", attempt)).toMatch(
          afterDecline(attempt) === "fail" ? /order is closed/ : /still open/,
        )
      }),
    )
  })

  it("gives every attempt of every order its own provider idempotency key", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(fc.constantFrom("ord_a", "ord_b", "ord_c"), fc.integer({ min: 1, max: 99 })),
          {
            selector: ([o, a]) => `${o}/${a}`,
          },
        ),
        (attempts) => {
          const keys = attempts.map(([orderId, attempt]) => paymentAttemptKey(orderId, attempt))
          expect(new Set(keys).size).toBe(keys.length)
        },
      ),
    )
  })

  it.effect(
    "for any sequence of starts and declines, the order stays payable with its Units reserved until the last allowed decline",
    () =>
      checkProperty(
        [fc.array(fc.constantFrom("start", "decline"), { maxLength: 16 })],
        (steps) =>
          Effect.scoped(
            Effect.gen(function* () {
              const h = yield* makeOrderHarness()
              const order = yield* h.run(buy(h, alice, 7, { paymentMethod: "card-stripe" }))
              let declines = 0
              for (const step of steps) {
                if (step === "start")
                  yield* h.result(
                    h.orders.startPayment({
                      memberId: alice,
                      idempotencyKey: h.key(),
                      orderId: order.orderId,
                    }),
                  )
                else {
                  const r = yield* h.result(
                    h.orders.declinePayment({
                      actor: PROVIDER,
                      idempotencyKey: h.key(),
                      orderId: order.orderId,
                      reason: "No.",
                    }),
                  )
                  if (r._tag === "Success") declines++
                }
              }
              const now = yield* h.run(h.orders.getOrder(alice, order.orderId))
              expect(declines).toBeLessThanOrEqual(MAX_CARD_ATTEMPTS)
              if (declines < MAX_CARD_ATTEMPTS) {
                expect(["Initiated", "InProcess"]).toContain(now.orderStatus)
                expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(7)
              } else {
                expect(now.orderStatus).toBe("Failed")
                expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
              }
              // Each decline was of a distinct attempt: a decline needs an attempt in progress.
              expect(now.payment?.attempt ?? 0).toBeGreaterThanOrEqual(declines)
            }),
          ),
        { numRuns: 40 },
      ),
    // A harness per run: CPU-bound, so a generous limit for a loaded 2-core machine.
    120_000,
  )
})

describe("a webhook about an earlier attempt", () => {
  it.effect(
    "a failure of the first card, arriving after the second attempt started, does not decline the second",
    () =>
      Effect.gen(function* () {
        const { h } = yield* watchedStripe()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        const first = yield* start(h, order.orderId)
        yield* decline(h, order.orderId)
        const second = yield* start(h, order.orderId)
        const service = yield* h.run(
          Effect.provide(
            ProviderPaymentService,
            ProviderPaymentService.layer.pipe(
              Layer.provide(
                Layer.mergeAll(
                  ProviderEventLog.layerMemory,
                  Layer.succeed(OrderRepository, yield* h.run(OrderRepository)),
                  Layer.succeed(OrderService, h.orders),
                ),
              ),
            ),
          ),
        )
        const base = {
          provider: "stripe" as const,
          testMode: false,
          orderId: order.orderId,
          amountCents: order.paymentDetails!.paymentAmount,
          currency: order.paymentDetails!.currency,
        }
        const oldFailure = yield* h.run(
          service.apply({
            ...base,
            eventId: "evt_old",
            eventType: "payment_intent.payment_failed",
            kind: "failed",
            paymentId: first.order.buy!.paymentId!,
            orderPaymentRef: first.order.buy!.paymentId!,
          }),
        )
        expect(oldFailure.outcome).toBe("ignored")
        expect((yield* h.run(h.orders.getOrder(alice, order.orderId))).orderStatus).toBe("InProcess")
        const success = yield* h.run(
          service.apply({
            ...base,
            eventId: "evt_new",
            eventType: "payment_intent.succeeded",
            kind: "succeeded",
            paymentId: second.order.buy!.paymentId!,
            orderPaymentRef: second.order.buy!.paymentId!,
          }),
        )
        expect(success.outcome).toBe("settled")
        expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(10)
      }),
  )
})

const offersOnly = (offers: CoinOffers) =>
  Effect.gen(function* () {
    return yield* makeOrderHarness({
      crypto: CryptoPayments.layerMemory({ BITCOIN: 5_000_000, ETHER: 300_000 }, offers),
    })
  })

describe("a crypto quote", () => {
  it.effect(
    "is kept with the order with its price and expiry; starting again within it answers the same quote, after it a new one",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto" }))
        const first = yield* start(h, order.orderId, "BITCOIN")
        expect(first.instructions).toMatchObject({
          _tag: "CryptoPayment",
          coin: "BITCOIN",
          coinPriceCents: 5_000_000,
          quotedAt: yield* Clock.currentTimeMillis,
          quoteExpiresAt: (yield* Clock.currentTimeMillis) + CRYPTO_QUOTE_VALIDITY_MS,
          testMode: false,
        })
        expect(first.order.payment).toMatchObject({
          attempt: 1,
          quoteExpiresAt: (yield* Clock.currentTimeMillis) + CRYPTO_QUOTE_VALIDITY_MS,
        })
        yield* TestClock.adjust(CRYPTO_QUOTE_VALIDITY_MS - 1)
        expect((yield* start(h, order.orderId, "BITCOIN")).instructions).toEqual(first.instructions)
        yield* TestClock.adjust(1)
        const renewed = yield* start(h, order.orderId, "BITCOIN")
        expect(renewed.order.payment?.attempt).toBe(2)
        expect(renewed.instructions).toMatchObject({ quotedAt: yield* Clock.currentTimeMillis })
        // The order's expiry is its own: a new quote does not extend it.
        expect(renewed.order.expiresAt).toBe(first.order.expiresAt)
        // Another coin is a new quote too.
        expect((yield* start(h, order.orderId, "ETHER")).instructions).toMatchObject({ coin: "ETHER" })
      }),
  )

  it.effect(
    "is refused for a coin that is not offered, and a crypto buy is refused when no coin is offered in its currency",
    () =>
      Effect.gen(function* () {
        const h = yield* offersOnly({
          BITCOIN: { mode: "unavailable", pricedIn: [] },
          ETHER: { mode: "test", pricedIn: ["EUR"] },
        })
        const refused = yield* h.fail(buy(h, alice, 10, { paymentMethod: "crypto" }))
        expect(refused).toMatchObject({
          _tag: "InvalidOrderRequest",
          message:
            "Payment by crypto is not available for USD: no coin has a receiving address and a current price. Please choose another payment method.",
        })
        const euro = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto", unitType: "LAND_EUR" }))
        expect(
          (yield* h.fail(
            h.orders.startPayment({
              memberId: alice,
              idempotencyKey: h.key(),
              orderId: euro.orderId,
              coin: "BITCOIN",
            }),
          )).message,
        ).toBe(
          "Payment in Bitcoin is not available: no receiving address is configured. Please choose another coin or payment method.",
        )
        // Refused before anything changed: the order still waits for its payment to start.
        expect((yield* h.run(h.orders.getOrder(alice, euro.orderId))).orderStatus).toBe("Initiated")
        const test = yield* start(h, euro.orderId, "ETHER")
        expect(test.instructions).toMatchObject({ coin: "ETHER", testMode: true })
      }),
  )
})

describe("an order id", () => {
  it("keeps its first attempt's key as orders had it before attempts", () => {
    expect(paymentAttemptKey(OrderId.make("ord_1"), 1)).toBe("ord_1:payment")
    expect(paymentAttemptKey(OrderId.make("ord_1"), 3)).toBe("ord_1:payment:3")
  })
})
