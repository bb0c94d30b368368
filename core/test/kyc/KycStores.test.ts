import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { emptyKycInfo } from "../../src/kyc/KycModel.ts"
import { DocumentStore } from "../../src/kyc/ports/DocumentStore.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { documentStoreContract } from "../support/DocumentStoreContract.ts"
import { alice, bob } from "../support/KycFixtures.ts"

documentStoreContract("memory", () => DocumentStore.layerMemory)

describe("KycStore (in memory)", () => {
  it("keeps one record per member and lists a status oldest update first", async () => {
    const result = await Effect.runPromise(
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
      }).pipe(Effect.provide(KycStore.layerMemory)),
    )
    expect(Option.getOrThrow(result.alice).updatedAt).toBe(10)
    expect(result.queue.map((r) => r.memberId)).toEqual([alice, bob])
    expect(result.none).toEqual([])
  })
})
