/** The contract of the SubscriptionStore port: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { type Effect as E, Effect, type Layer, Option } from "effect"
import { MemberId } from "../../src/shared/Ids.ts"
import { SubscriptionStore } from "../../src/subscriptions/ports/SubscriptionStore.ts"

/** `prepare` makes the members exist where the store needs them to (PostgreSQL's foreign key). */
export const subscriptionStoreContract = (
  name: string,
  makeLayer: () => Layer.Layer<SubscriptionStore>,
  prepare: (memberIds: ReadonlyArray<MemberId>) => E.Effect<void> = () => Effect.void,
) =>
  describe(`SubscriptionStore contract (${name})`, () => {
    it.live(
      "answers nothing for a member who never chose, and each member's last saved choices and time",
      () =>
        Effect.gen(function* () {
          const ann = MemberId.make("mem_sub_ann")
          const ben = MemberId.make("mem_sub_ben")
          const result = yield* Effect.gen(function* () {
            yield* prepare([ann, ben])
            const store = yield* SubscriptionStore
            const before = yield* store.get(ann)
            yield* store.save(ann, {
              choices: { newsletter: true, orderUpdates: true, governance: false, news: false },
              updatedAt: 1_000,
            })
            yield* store.save(ben, {
              choices: { newsletter: false, orderUpdates: false, governance: true, news: true },
              updatedAt: 1_500,
            })
            yield* store.save(ann, {
              choices: { newsletter: false, orderUpdates: true, governance: false, news: true },
              updatedAt: 2_000,
            })
            return { before, ann: yield* store.get(ann), ben: yield* store.get(ben) }
          }).pipe(Effect.provide(makeLayer()))
          expect(Option.isNone(result.before)).toBe(true)
          expect(Option.getOrThrow(result.ann)).toEqual({
            choices: { newsletter: false, orderUpdates: true, governance: false, news: true },
            updatedAt: 2_000,
          })
          expect(Option.getOrThrow(result.ben)).toEqual({
            choices: { newsletter: false, orderUpdates: false, governance: true, news: true },
            updatedAt: 1_500,
          })
        }),
    )
  })
