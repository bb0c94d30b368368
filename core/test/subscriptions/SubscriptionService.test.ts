import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { MemberId } from "../../src/shared/Ids.ts"
import { SubscriptionStore } from "../../src/subscriptions/ports/SubscriptionStore.ts"
import { SubscriptionService } from "../../src/subscriptions/SubscriptionService.ts"
import { ManualClock } from "../support/ManualClock.ts"
import { subscriptionStoreContract } from "../support/SubscriptionStoreContract.ts"

subscriptionStoreContract("memory", () => SubscriptionStore.layerMemory)

describe("email subscriptions", () => {
  const ann = MemberId.make("mem_ann")
  const ben = MemberId.make("mem_ben")
  const run = <A>(effect: Effect.Effect<A, never, SubscriptionService>, clock = ManualClock.make(1_000)) =>
    Effect.runPromise(
      effect.pipe(
        Effect.provide(SubscriptionService.layer.pipe(Layer.provide(SubscriptionStore.layerMemory))),
        ManualClock.provide(clock),
      ),
    )

  it("a member who never chose gets service emails but no marketing (newsletter and news off)", async () => {
    const choices = await run(Effect.flatMap(SubscriptionService, (s) => s.get(ann)))
    expect(choices).toEqual({
      newsletter: false,
      orderUpdates: true,
      governance: true,
      news: false,
      updatedAt: null,
    })
  })

  it("a change keeps the choices left out, is stamped with its time, and touches no other member", async () => {
    const clock = ManualClock.make(5_000)
    const result = await run(
      Effect.gen(function* () {
        const s = yield* SubscriptionService
        const first = yield* s.update(ann, { newsletter: true })
        clock.advance(1_000)
        const second = yield* s.update(ann, { orderUpdates: false })
        return { first, second, ben: yield* s.get(ben) }
      }),
      clock,
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
  })

  it("a request that changes nothing keeps the time of the member's last real choice", async () => {
    const clock = ManualClock.make(5_000)
    const result = await run(
      Effect.gen(function* () {
        const s = yield* SubscriptionService
        yield* s.update(ann, { news: true })
        clock.advance(60_000)
        const same = yield* s.update(ann, { news: true, newsletter: false })
        const defaults = yield* s.update(ben, { orderUpdates: true })
        return { same, defaults }
      }),
      clock,
    )
    expect(result.same.updatedAt).toBe(5_000)
    expect(result.defaults.updatedAt).toBeNull()
  })
})
