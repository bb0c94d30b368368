import { randomBytes } from "node:crypto"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { SessionStore } from "@landunits/core/accounts/ports/SessionStore.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import { MemberDirectory } from "@landunits/core/kyc/ports/MemberDirectory.ts"
import { MemberStanding } from "@landunits/core/orders/ports/MemberStanding.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import {
  accountRepositoryContract,
  anAccount,
  sessionStoreContract,
  signedInAccountsContract,
  tokenStoreContract,
} from "@landunits/core/test-support/AccountStoresContract.ts"
import { attemptLogContract } from "@landunits/core/test-support/AttemptLogContract.ts"
import {
  knownDevicesContract,
  passkeyStoreContract,
  secondFactorStoreContract,
} from "@landunits/core/test-support/SecondFactorStoresContract.ts"
import { Effect, Layer, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { DocumentKey } from "../../src/documents/DocumentKey.ts"
import { AccountRepositoryPg } from "../../src/postgres/AccountRepositoryPg.ts"
import { AttemptLogPg } from "../../src/postgres/AttemptLogPg.ts"
import { KnownDevicesPg } from "../../src/postgres/KnownDevicesPg.ts"
import { KycStorePg } from "../../src/postgres/KycStorePg.ts"
import { MemberDirectoryPg } from "../../src/postgres/MemberDirectoryPg.ts"
import { MemberStandingPg } from "../../src/postgres/MemberStandingPg.ts"
import { PasskeyStorePg } from "../../src/postgres/PasskeyStorePg.ts"
import { SecondFactorStorePg } from "../../src/postgres/SecondFactorStorePg.ts"
import { SessionStorePg } from "../../src/postgres/SessionStorePg.ts"
import { SignedInAccountsPg } from "../../src/postgres/SignedInAccountsPg.ts"
import { TokenStorePg } from "../../src/postgres/TokenStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const ann = MemberId.make("mem_ann")

for (const target of databaseTargets().run) {
  describe(`accounts on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    accountRepositoryContract(target.name, () => AccountRepositoryPg.pipe(Layer.provide(db.layer())))
    sessionStoreContract(target.name, () => SessionStorePg.pipe(Layer.provide(db.layer())))
    signedInAccountsContract(target.name, () =>
      Layer.mergeAll(SignedInAccountsPg, SessionStorePg, AccountRepositoryPg).pipe(Layer.provide(db.layer())),
    )
    tokenStoreContract(target.name, () => TokenStorePg.pipe(Layer.provide(db.layer())))
    attemptLogContract(target.name, () => AttemptLogPg.pipe(Layer.provide(db.layer())))
    // Issue 23: the second factor's stores (the TOTP secret encrypted under a document key) and known devices.
    const documentKey = Layer.succeed(DocumentKey)({
      keyId: "test-key",
      key: Redacted.make(randomBytes(32)),
      previous: [],
    })
    secondFactorStoreContract(target.name, () =>
      SecondFactorStorePg.pipe(Layer.provide(Layer.merge(db.layer(), documentKey))),
    )
    passkeyStoreContract(target.name, () => PasskeyStorePg.pipe(Layer.provide(db.layer())))
    knownDevicesContract(target.name, () => KnownDevicesPg.pipe(Layer.provide(db.layer())))

    it("records the terms accepted in the account's own columns (migration 2708)", async () => {
      const rows = await Effect.runPromise(
        Effect.gen(function* () {
          const repo = yield* AccountRepository
          yield* repo.insert(
            anAccount(MemberId.make("mem_terms"), "terms@example.com", {
              termsAccepted: { version: "10.03.25", acceptedAt: 1_700_000_000_000 },
            }),
          )
          yield* repo.insert(anAccount(MemberId.make("mem_before"), "before@example.com"))
          const sql = yield* SqlClient.SqlClient
          return yield* sql<{
            member_id: string
            terms_version: string | null
            terms_accepted_at: string | null
          }>`
            SELECT member_id, terms_version, terms_accepted_at FROM accounts
            WHERE member_id IN ('mem_terms', 'mem_before') ORDER BY member_id`
        }).pipe(Effect.provide(Layer.provideMerge(AccountRepositoryPg, db.layer()))),
      )
      expect(
        rows.map((r) => [r.member_id, r.terms_version, r.terms_accepted_at && Number(r.terms_accepted_at)]),
      ).toEqual([
        ["mem_before", null, null],
        ["mem_terms", "10.03.25", 1_700_000_000_000],
      ])
    })

    it("stores sessions by the hash of their id only", async () => {
      const stored = await Effect.runPromise(
        Effect.gen(function* () {
          const store = yield* SessionStore
          yield* store.create({ sessionId: "the-cookie-value", memberId: ann, createdAt: 0, expiresAt: 10 })
          const sql = yield* SqlClient.SqlClient
          return yield* sql<{ session_hash: string }>`SELECT session_hash FROM sessions`
        }).pipe(Effect.provide(Layer.provideMerge(SessionStorePg, db.layer()))),
      )
      expect(stored).toHaveLength(1)
      expect(stored[0]!.session_hash).not.toContain("the-cookie-value")
      expect(stored[0]!.session_hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it("shows other contexts a member's standing and contact, KYC status and a disabled account included", async () => {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const accounts = yield* AccountRepository
          const kyc = yield* KycStore
          yield* accounts.insert(anAccount(ann, "Ann@Example.com", { emailConfirmedAt: 5 }))
          const before = yield* (yield* MemberStanding).standing(ann)
          yield* kyc.save({
            memberId: ann,
            kycInfo: { ...emptyKycInfo, kycStatus: "Verified" },
            updatedAt: 9,
          })
          return {
            before,
            after: yield* (yield* MemberStanding).findByEmail("ann@example.com"),
            unknown: yield* Effect.flip((yield* MemberStanding).standing(MemberId.make("mem_x"))),
            contact: yield* (yield* MemberDirectory).contact(ann),
            disabled: yield* Effect.gen(function* () {
              const account = Option.getOrThrow(yield* accounts.get(ann))
              yield* accounts.update({ ...account, disabledAt: 1_700_000_000_123 })
              return yield* (yield* MemberStanding).findByEmail("ann@example.com")
            }),
          }
        }).pipe(
          Effect.provide(
            Layer.mergeAll(AccountRepositoryPg, KycStorePg, MemberStandingPg, MemberDirectoryPg).pipe(
              Layer.provide(db.layer()),
            ),
          ),
        ),
      )
      expect(result.before).toEqual({
        memberId: ann,
        email: "Ann@Example.com",
        name: "Ann Lee",
        userType: "USER",
        emailConfirmed: true,
        kycStatus: "UnVerified",
      })
      expect(Option.getOrThrow(result.after).kycStatus).toBe("Verified")
      expect(result.unknown._tag).toBe("UnknownMember")
      expect(Option.getOrThrow(result.after).disabledAt).toBeUndefined()
      expect(Option.getOrThrow(result.disabled).disabledAt).toBe(1_700_000_000_123)
      expect(Option.getOrThrow(result.contact)).toEqual({
        memberId: ann,
        email: "Ann@Example.com",
        firstName: "Ann",
        userType: "USER",
      })
    })

    it("names a business member's standing by the business: registration's, then KYC's, none once closed (issue 46)", async () => {
      const greta = MemberId.make("mem_greta")
      const names = await Effect.runPromise(
        Effect.gen(function* () {
          const accounts = yield* AccountRepository
          const members = yield* MemberStanding
          const business = { userType: "BUSINESS" as const, businessName: "Acme Ltd" }
          yield* accounts.insert(
            anAccount(greta, "acct@acme.example", { firstName: "Greta", lastName: "Green", ...business }),
          )
          const registered = yield* members.standing(greta)
          yield* (yield* KycStore).save({
            memberId: greta,
            kycInfo: {
              ...emptyKycInfo,
              businessInfo: { businessName: "Acme Holdings Ltd", registrationNumber: "12345678" },
            },
            updatedAt: 9,
          })
          const afterKyc = yield* members.standing(greta)
          const account = Option.getOrThrow(yield* accounts.get(greta))
          const { businessName: _, ...rest } = account
          yield* accounts.update({
            ...rest,
            firstName: "Former",
            lastName: "member",
            closedAt: 10,
            disabledAt: 10,
          })
          const closed = yield* members.standing(greta)
          return [registered, afterKyc, closed].map((s) => [s.name, s.userType])
        }).pipe(
          Effect.provide(
            Layer.mergeAll(AccountRepositoryPg, KycStorePg, MemberStandingPg).pipe(Layer.provide(db.layer())),
          ),
        ),
      )
      expect(names).toEqual([
        ["Acme Ltd", "BUSINESS"],
        ["Acme Holdings Ltd", "BUSINESS"],
        ["Former member", "BUSINESS"],
      ])
    })

    it("gives one account and one EmailTaken when the same email registers twice at once", async () => {
      const results = await Effect.runPromise(
        Effect.gen(function* () {
          const accounts = yield* AccountRepository
          return yield* Effect.all(
            [
              Effect.result(accounts.insert(anAccount(MemberId.make("m1"), "twin@example.com"))),
              Effect.result(accounts.insert(anAccount(MemberId.make("m2"), "TWIN@example.com"))),
            ],
            { concurrency: "unbounded" },
          )
        }).pipe(Effect.provide(AccountRepositoryPg.pipe(Layer.provide(db.layer())))),
      )
      expect(results.map((r) => r._tag).sort()).toEqual(["Failure", "Success"])
    })
  })
}
