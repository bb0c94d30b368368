import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { SignedInAccounts } from "../../src/accounts/ports/SignedInAccounts.ts"
import { LAST_SEEN_RESOLUTION_MS } from "../../src/accounts/SessionAdmission.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { SignedInMembers } from "../../src/members/ports/SignedInMembers.ts"
import { SignedInMemberService } from "../../src/members/SignedInMemberService.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { anAccount } from "../support/AccountStoresContract.ts"
import { signedInMembersContract } from "../support/SignedInMembersContract.ts"

const stores = () =>
  SignedInMembers.layerFromStores.pipe(
    Layer.provideMerge(SignedInAccounts.layerFromStores),
    Layer.provideMerge(
      Layer.mergeAll(
        AccountRepository.layerMemory,
        SessionStore.layerMemory,
        KycStore.layerMemory,
        LedgerStore.layerMemory,
        OrderRepository.layerMemory,
      ),
    ),
  )

signedInMembersContract("memory", stores)

describe("SignedInMemberService: the session rules of every signed-in request", () => {
  const ann = MemberId.make("mem_ann")
  /** Runs `effect` over fresh in-memory stores (the test's clock is it.effect's TestClock, at 0). */
  const fresh = <A, E>(
    effect: Effect.Effect<A, E, SignedInMemberService | SessionStore | AccountRepository>,
  ) => Effect.provide(effect, SignedInMemberService.layer.pipe(Layer.provideMerge(stores())))

  it.effect(
    "answers a live session; a disabled member's session is over; last seen is written every few minutes at most",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const accounts = yield* AccountRepository
            const sessions = yield* SessionStore
            const service = yield* SignedInMemberService
            yield* accounts.insert(anAccount(ann, "ann@example.com"))
            yield* sessions.create({
              sessionId: "s1",
              memberId: ann,
              createdAt: 0,
              expiresAt: 3_600_000,
              lastSeenAt: 0,
            })
            yield* TestClock.setTime(LAST_SEEN_RESOLUTION_MS - 1)
            const early = yield* service.current("s1")
            const seenEarly = (yield* sessions.get("s1", 0)).pipe(Option.getOrThrow).lastSeenAt
            yield* TestClock.setTime(LAST_SEEN_RESOLUTION_MS)
            yield* service.current("s1")
            const seenLater = (yield* sessions.get("s1", 0)).pipe(Option.getOrThrow).lastSeenAt
            yield* accounts.update({
              ...anAccount(ann, "ann@example.com"),
              disabledAt: LAST_SEEN_RESOLUTION_MS,
            })
            const disabled = yield* service.current("s1")
            return { early, seenEarly, seenLater, disabled }
          }),
        )
        expect(Option.getOrThrow(result.early).account.memberId).toBe(ann)
        expect(Option.getOrThrow(result.early).records).toEqual({
          kyc: Option.none(),
          transfers: [],
          orders: [],
        })
        expect(result.seenEarly).toBe(0)
        expect(result.seenLater).toBe(LAST_SEEN_RESOLUTION_MS)
        expect(Option.isNone(result.disabled)).toBe(true)
      }),
  )
})
