/**
 * The contract of the ProviderEventLog port (verified card-provider events, recorded under
 * (provider, eventId) before they are acted on): run on memory here, on PGlite and PostgreSQL by the
 * adapters' tests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import type { ProviderPaymentEvent } from "../../src/orders/ProviderPaymentEvents.ts"
import { ProviderEventLog } from "../../src/orders/ports/ProviderEventLog.ts"

/** An event with every optional field, so a store that drops one fails the round trip. */
export const aProviderEvent = (over: Partial<ProviderPaymentEvent> = {}): ProviderPaymentEvent => ({
  provider: "stripe",
  eventId: "evt_1",
  eventType: "payment_intent.succeeded",
  kind: "succeeded",
  testMode: true,
  paymentId: "pi_1",
  orderPaymentRef: "pi_1",
  orderId: "ord_1",
  amountCents: 12_345,
  currency: "EUR",
  failureReason: "none",
  ...over,
})

/** Square's shape: no payment reference of ours, no failure words. */
const bare: ProviderPaymentEvent = {
  provider: "square",
  eventId: "sq_evt_1",
  eventType: "payment.updated",
  kind: "other",
  testMode: false,
  paymentId: "sq_pay_1",
}

const fresh =
  (makeLayer: () => Layer.Layer<ProviderEventLog>) =>
  <A, E>(effect: Effect.Effect<A, E, ProviderEventLog>) =>
    Effect.provide(effect, makeLayer())

export const providerEventLogContract = (name: string, makeLayer: () => Layer.Layer<ProviderEventLog>) =>
  describe(`ProviderEventLog contract (${name})`, () => {
    it.live(
      "records an event once: a redelivery of (provider, eventId) answers false and keeps the first",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(makeLayer)(
            Effect.gen(function* () {
              const log = yield* ProviderEventLog
              const first = yield* log.record(aProviderEvent(), 1_000)
              const again = yield* log.record(aProviderEvent({ amountCents: 1, eventType: "changed" }), 2_000)
              return { first, again, entry: yield* log.get("stripe", "evt_1") }
            }),
          )
          expect(result.first).toBe(true)
          expect(result.again).toBe(false)
          expect(Option.getOrThrow(result.entry)).toMatchObject({ amountCents: 12_345, receivedAt: 1_000 })
        }),
    )

    it.live("the same event id from another provider is another event", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const log = yield* ProviderEventLog
            return [
              yield* log.record(aProviderEvent(), 1),
              yield* log.record(aProviderEvent({ provider: "square" }), 2),
            ]
          }),
        )
        expect(result).toEqual([true, true])
      }),
    )

    it.live("answers exactly what was recorded, as received, with or without the optional fields", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const log = yield* ProviderEventLog
            yield* log.record(aProviderEvent({ amountCents: 2 ** 40 }), 1_700_000_000_123)
            yield* log.record(bare, 1_700_000_000_456)
            return {
              full: yield* log.get("stripe", "evt_1"),
              bare: yield* log.get("square", "sq_evt_1"),
              unknown: yield* log.get("stripe", "evt_unknown"),
              otherProvider: yield* log.get("square", "evt_1"),
            }
          }),
        )
        expect(Option.getOrThrow(result.full)).toStrictEqual({
          ...aProviderEvent({ amountCents: 2 ** 40 }),
          receivedAt: 1_700_000_000_123,
          outcome: "received",
        })
        expect(Option.getOrThrow(result.bare)).toStrictEqual({
          ...bare,
          receivedAt: 1_700_000_000_456,
          outcome: "received",
        })
        expect(Option.isNone(result.unknown)).toBe(true)
        expect(Option.isNone(result.otherProvider)).toBe(true)
      }),
    )

    it.live("finish writes the outcome, its detail and when; a later finish without detail leaves none", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const log = yield* ProviderEventLog
            yield* log.record(aProviderEvent(), 1_000)
            yield* log.finish("stripe", "evt_1", "flagged", "Amount mismatch", 1_500)
            const flagged = yield* log.get("stripe", "evt_1")
            yield* log.finish("stripe", "evt_1", "settled", undefined, 1_600)
            return { flagged, settled: yield* log.get("stripe", "evt_1") }
          }),
        )
        expect(Option.getOrThrow(result.flagged)).toMatchObject({
          outcome: "flagged",
          detail: "Amount mismatch",
          processedAt: 1_500,
          receivedAt: 1_000,
        })
        const settled = Option.getOrThrow(result.settled)
        expect(settled).toMatchObject({ outcome: "settled", processedAt: 1_600 })
        expect("detail" in settled).toBe(false)
      }),
    )

    it.live("finish of an event never recorded records nothing", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const log = yield* ProviderEventLog
            yield* log.finish("stripe", "evt_never", "settled", undefined, 1)
            return { entry: yield* log.get("stripe", "evt_never"), all: yield* log.find({}) }
          }),
        )
        expect(Option.isNone(result.entry)).toBe(true)
        expect(result.all).toEqual([])
      }),
    )

    it.live("find answers the entries matching every given filter, in the order they were received", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const log = yield* ProviderEventLog
            yield* log.record(aProviderEvent({ eventId: "e1", orderId: "ord_a" }), 30)
            yield* log.record(aProviderEvent({ eventId: "e2", orderId: "ord_b" }), 20)
            yield* log.record(aProviderEvent({ eventId: "e3", orderId: "ord_a", provider: "square" }), 10)
            yield* log.record(bare, 40)
            yield* log.finish("stripe", "e1", "settled", undefined, 50)
            yield* log.finish("square", "e3", "flagged", "Second payment", 60)
            yield* log.finish("stripe", "e2", "ignored", "late", 70)
            const ids = (entries: ReadonlyArray<{ readonly eventId: string }>) =>
              entries.map((e) => e.eventId)
            return {
              all: ids(yield* log.find({})),
              ordA: ids(yield* log.find({ orderId: "ord_a" })),
              stripe: ids(yield* log.find({ provider: "stripe" })),
              flaggedOrSettled: ids(yield* log.find({ outcomes: ["flagged", "settled"] })),
              received: ids(yield* log.find({ outcomes: ["received"] })),
              ordASquareSettled: ids(
                yield* log.find({ orderId: "ord_a", provider: "square", outcomes: ["settled"] }),
              ),
              none: ids(yield* log.find({ outcomes: [] })),
            }
          }),
        )
        expect(result).toEqual({
          all: ["e1", "e2", "e3", "sq_evt_1"],
          ordA: ["e1", "e3"],
          stripe: ["e1", "e2"],
          flaggedOrSettled: ["e1", "e3"],
          received: ["sq_evt_1"],
          ordASquareSettled: [],
          none: [],
        })
      }),
    )
  })
