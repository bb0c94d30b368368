import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { MemberId } from "../../src/shared/Ids.ts"
import { SubscriptionStore } from "../../src/subscriptions/ports/SubscriptionStore.ts"
import { SubscriptionService } from "../../src/subscriptions/SubscriptionService.ts"
import { subscriptionStoreContract } from "../support/SubscriptionStoreContract.ts"

subscriptionStoreContract("memory", () => SubscriptionStore.layerMemory)

describe("email subscriptions", () => {
  const ann = MemberId.make("mem_ann")
  const ben = MemberId.make("mem_ben")
  /** Runs `effect` over a fresh in-memory store, the test clock set to `start`. */
  const fresh = <A>(effect: Effect.Effect<A, never, SubscriptionService>, start = 1_000) =>
    TestClock.setTime(start).pipe(
      Effect.andThen(effect),
      Effect.provide(SubscriptionService.layer.pipe(Layer.provide(SubscriptionStore.layerMemory))),
    )

  it.effect("a member who never chose gets service emails but no marketing (newsletter and news off)", () =>
    Effect.gen(function* () {
      const choices = yield* fresh(Effect.flatMap(SubscriptionService, (s) => s.get(ann)))
      expect(choices).toEqual({
        newsletter: false,
        orderUpdates: true,
        governance: true,
        news: false,
        updatedAt: null,
      })
    }),
  )

  it.effect(
    "a change keeps the choices left out, is stamped with its time, and touches no other member",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const s = yield* SubscriptionService
            const first = yield* s.update(ann, { newsletter: true })
            yield* TestClock.adjust(1_000)
            const second = yield* s.update(ann, { orderUpdates: false })
            return { first, second, ben: yield* s.get(ben) }
          }),
          5_000,
        )
        expect(result.first).toEqual({
          newsletter: true,
          orderUpdates: true,
          governance: true,
          news: false,
          updatedAt: 5_000,
        })
        expect(result.second).toEqual({
          newsletter: true,
          orderUpdates: false,
          governance: true,
          news: false,
          updatedAt: 6_000,
        })
        expect(result.ben.updatedAt).toBeNull()
      }),
  )

  it.effect("a request that changes nothing keeps the time of the member's last real choice", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const s = yield* SubscriptionService
          yield* s.update(ann, { news: true })
          yield* TestClock.adjust(60_000)
          const same = yield* s.update(ann, { news: true, newsletter: false })
          const defaults = yield* s.update(ben, { orderUpdates: true })
          return { same, defaults }
        }),
        5_000,
      )
      expect(result.same.updatedAt).toBe(5_000)
      expect(result.defaults.updatedAt).toBeNull()
    }),
  )
})
