/** The contract every KycStore adapter passes: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { emptyKycInfo } from "../../src/kyc/KycModel.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { alice, bob, completeDetails } from "./KycFixtures.ts"

export const kycStoreContract = (name: string, makeLayer: () => Layer.Layer<KycStore>) =>
  describe(`KycStore contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, KycStore>) => Effect.provide(effect, makeLayer())

    it.live("keeps one record per member and lists a status oldest update first", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* KycStore
            const pending = { ...emptyKycInfo, kycStatus: "Pending Verification" as const }
            yield* store.save({ memberId: bob, kycInfo: pending, updatedAt: 20 })
            yield* store.save({ memberId: alice, kycInfo: emptyKycInfo, updatedAt: 5 })
            yield* store.save({ memberId: alice, kycInfo: pending, updatedAt: 10 })
            return {
              alice: yield* store.get(alice),
              queue: yield* store.listByStatus("Pending Verification"),
              none: yield* store.listByStatus("Verified"),
            }
          }),
        )
        expect(Option.getOrThrow(result.alice).updatedAt).toBe(10)
        expect(result.queue.map((r) => r.memberId)).toEqual([alice, bob])
        expect(result.none).toEqual([])
      }),
    )

    it.live(
      "gives back exactly what was saved, details and refusal reason included; nothing for a stranger",
      () =>
        Effect.gen(function* () {
          const record = {
            memberId: alice,
            kycInfo: { ...emptyKycInfo, ...completeDetails, kycStatus: "Not Approved" as const },
            notApprovedReason: "The passport scan is blurred",
            updatedAt: 1_700_000_000_000,
          }
          const result = yield* fresh(
            Effect.gen(function* () {
              const store = yield* KycStore
              yield* store.save(record)
              return { saved: yield* store.get(alice), stranger: yield* store.get(bob) }
            }),
          )
          expect(Option.getOrThrow(result.saved)).toEqual(record)
          expect(Option.isNone(result.stranger)).toBe(true)
        }),
    )
  })
