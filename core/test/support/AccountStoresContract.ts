/** The contracts of the accounts stores: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import type { Account } from "../../src/accounts/AccountModel.ts"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { SignedInAccounts } from "../../src/accounts/ports/SignedInAccounts.ts"
import { TokenStore } from "../../src/accounts/ports/TokenStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

export const anAccount = (memberId: MemberId, email: string, over: Partial<Account> = {}): Account => ({
  memberId,
  email,
  firstName: "Ann",
  lastName: "Lee",
  userType: "USER",
  role: "member",
  passwordHash: "scrypt$…",
  firstLogin: true,
  createdAt: 1_000,
  ...over,
})

const freshWith =
  <S>(makeLayer: () => Layer.Layer<S>) =>
  <A, E>(effect: Effect.Effect<A, E, S>) =>
    Effect.provide(effect, makeLayer())

export const accountRepositoryContract = (name: string, makeLayer: () => Layer.Layer<AccountRepository>) =>
  describe(`AccountRepository contract (${name})`, () => {
    const fresh = freshWith(makeLayer)
    it.live(
      "keeps accounts by id and by email ignoring letter case; refuses a second account for an email",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const repo = yield* AccountRepository
              yield* repo.insert(
                anAccount(ann, "Ann@Example.com", { businessName: "Ann Farms", userType: "BUSINESS" }),
              )
              const taken = yield* Effect.flip(repo.insert(anAccount(ben, "ann@EXAMPLE.com")))
              return {
                taken,
                byId: yield* repo.get(ann),
                byEmail: yield* repo.findByEmail("  ANN@example.COM "),
                ben: yield* repo.get(ben),
              }
            }),
          )
          expect(result.taken._tag).toBe("EmailTaken")
          expect(Option.getOrThrow(result.byId)).toEqual(
            anAccount(ann, "Ann@Example.com", { businessName: "Ann Farms", userType: "BUSINESS" }),
          )
          expect(Option.getOrThrow(result.byEmail).memberId).toBe(ann)
          expect(Option.isNone(result.ben)).toBe(true)
        }),
    )

    it.live("keeps the terms an account accepted, with their version and time, through updates", () =>
      Effect.gen(function* () {
        const terms = { version: "10.03.25", acceptedAt: 1_500 }
        const result = yield* fresh(
          Effect.gen(function* () {
            const repo = yield* AccountRepository
            yield* repo.insert(anAccount(ann, "ann@example.com", { termsAccepted: terms }))
            yield* repo.update(anAccount(ann, "ann@example.com", { termsAccepted: terms, firstLogin: false }))
            return yield* repo.get(ann)
          }),
        )
        expect(Option.getOrThrow(result).termsAccepted).toEqual(terms)
      }),
    )

    it.live("lists accounts oldest first, filtered by role, disabled and a part of the email or name", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const repo = yield* AccountRepository
            yield* repo.insert(anAccount(ben, "ben@example.com", { createdAt: 2_000, lastName: "O'Hara_%" }))
            yield* repo.insert(anAccount(ann, "Ann@Example.com", { role: "admin" }))
            yield* repo.insert(
              anAccount(MemberId.make("mem_cy"), "cy@example.org", { createdAt: 3_000, disabledAt: 4_000 }),
            )
            const ids = (accounts: ReadonlyArray<Account>) => accounts.map((a) => a.memberId)
            return {
              all: ids(yield* repo.list({})),
              admins: ids(yield* repo.list({ role: "admin" })),
              disabled: ids(yield* repo.list({ disabled: true })),
              enabled: ids(yield* repo.list({ disabled: false })),
              search: ids(yield* repo.list({ search: "EXAMPLE.COM" })),
              byName: ids(yield* repo.list({ search: "hara_%" })),
              wildcard: ids(yield* repo.list({ search: "%" })),
            }
          }),
        )
        expect(result).toEqual({
          all: ["mem_ann", "mem_ben", "mem_cy"],
          admins: ["mem_ann"],
          disabled: ["mem_cy"],
          enabled: ["mem_ann", "mem_ben"],
          search: ["mem_ann", "mem_ben"],
          byName: ["mem_ben"],
          wildcard: ["mem_ben"],
        })
      }),
    )

    it.live("updates and removes an account", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const repo = yield* AccountRepository
            yield* repo.insert(anAccount(ann, "ann@example.com"))
            yield* repo.insert(anAccount(ben, "ben@example.com"))
            yield* repo.update(
              anAccount(ann, "ann@example.com", { emailConfirmedAt: 5, firstLogin: false, role: "admin" }),
            )
            yield* repo.remove(ben)
            return { ann: yield* repo.get(ann), ben: yield* repo.findByEmail("ben@example.com") }
          }),
        )
        expect(Option.getOrThrow(result.ann)).toMatchObject({
          emailConfirmedAt: 5,
          firstLogin: false,
          role: "admin",
        })
        expect(Option.isNone(result.ben)).toBe(true)
      }),
    )
  })

export const sessionStoreContract = (name: string, makeLayer: () => Layer.Layer<SessionStore>) =>
  describe(`SessionStore contract (${name})`, () => {
    it.live("answers a session until it expires, and forgets removed ones, one or all of a member's", () =>
      Effect.gen(function* () {
        const result = yield* freshWith(makeLayer)(
          Effect.gen(function* () {
            const store = yield* SessionStore
            yield* store.create({ sessionId: "s1", memberId: ann, createdAt: 0, expiresAt: 100 })
            yield* store.create({ sessionId: "s2", memberId: ann, createdAt: 0, expiresAt: 100 })
            yield* store.create({ sessionId: "s3", memberId: ben, createdAt: 0, expiresAt: 100 })
            const live = yield* store.get("s1", 99)
            const expired = yield* store.get("s1", 100)
            yield* store.remove("s2")
            const removed = yield* store.get("s2", 1)
            yield* store.removeAllOf(ann)
            return {
              live,
              expired,
              removed,
              annAfter: yield* store.get("s1", 1),
              ben: yield* store.get("s3", 1),
            }
          }),
        )
        expect(Option.getOrThrow(result.live)).toMatchObject({
          sessionId: "s1",
          memberId: ann,
          createdAt: 0,
          expiresAt: 100,
        })
        expect(Option.isNone(result.expired)).toBe(true)
        expect(Option.isNone(result.removed)).toBe(true)
        expect(Option.isNone(result.annAfter)).toBe(true)
        expect(Option.isSome(result.ben)).toBe(true)
      }),
    )

    it.live(
      "lists a member's live sessions by ref, last seen first; ends one by ref, or all others; records last seen and the second factor",
      () =>
        Effect.gen(function* () {
          const result = yield* freshWith(makeLayer)(
            Effect.gen(function* () {
              const store = yield* SessionStore
              const make = (
                sessionId: string,
                memberId: MemberId,
                ref: string,
                lastSeenAt: number,
                expiresAt = 100,
              ) =>
                store.create({
                  sessionId,
                  memberId,
                  createdAt: 0,
                  expiresAt,
                  ref,
                  lastSeenAt,
                  device: `Device ${ref}`,
                })
              yield* make("s1", ann, "r1", 10)
              yield* make("s2", ann, "r2", 20)
              yield* make("s3", ann, "r3", 30)
              yield* make("s4", ann, "r4", 40, 5)
              yield* make("s5", ben, "r5", 50)
              const listed = (yield* store.listOf(ann, 6)).map((s) => [s.ref, s.device, s.lastSeenAt])
              yield* store.touch("s1", 60)
              yield* store.markSecondFactor("s1", 61)
              const touched = Option.getOrThrow(yield* store.get("s1", 6))
              const mine = yield* store.removeByRef(ann, "r2")
              const notMine = yield* store.removeByRef(ben, "r3")
              const afterOne = (yield* store.listOf(ann, 6)).map((s) => s.ref)
              yield* store.removeOthers(ann, "s1")
              return {
                listed,
                touched,
                mine,
                notMine,
                afterOne,
                afterOthers: (yield* store.listOf(ann, 6)).map((s) => s.ref),
                ben: (yield* store.listOf(ben, 6)).map((s) => s.ref),
              }
            }),
          )
          expect(result.listed).toEqual([
            ["r3", "Device r3", 30],
            ["r2", "Device r2", 20],
            ["r1", "Device r1", 10],
          ])
          expect(result.touched).toMatchObject({
            ref: "r1",
            lastSeenAt: 60,
            secondFactorAt: 61,
            device: "Device r1",
          })
          expect(result.mine).toBe(true)
          expect(result.notMine).toBe(false)
          expect(result.afterOne).toEqual(["r1", "r3"])
          expect(result.afterOthers).toEqual(["r1"])
          expect(result.ben).toEqual(["r5"])
        }),
    )
  })

export const signedInAccountsContract = (
  name: string,
  makeLayer: () => Layer.Layer<SignedInAccounts | SessionStore | AccountRepository>,
) =>
  describe(`SignedInAccounts contract (${name})`, () => {
    it.live(
      "answers a live session with its account; nothing once expired, removed, unknown or without an account",
      () =>
        Effect.gen(function* () {
          const result = yield* freshWith(makeLayer)(
            Effect.gen(function* () {
              const signedIn = yield* SignedInAccounts
              const sessions = yield* SessionStore
              const repo = yield* AccountRepository
              yield* repo.insert(anAccount(ann, "ann@example.com", { role: "admin" }))
              yield* repo.insert(anAccount(ben, "ben@example.com"))
              yield* sessions.create({
                sessionId: "s1",
                memberId: ann,
                createdAt: 0,
                expiresAt: 100,
                ref: "r1",
                lastSeenAt: 0,
              })
              yield* sessions.create({ sessionId: "s2", memberId: ann, createdAt: 0, expiresAt: 100 })
              yield* sessions.create({ sessionId: "s3", memberId: ben, createdAt: 0, expiresAt: 100 })
              const live = yield* signedIn.find("s1", 99)
              const expired = yield* signedIn.find("s1", 100)
              const unknown = yield* signedIn.find("nope", 1)
              yield* sessions.remove("s2")
              const removed = yield* signedIn.find("s2", 1)
              yield* repo.remove(ben)
              const noAccount = yield* signedIn.find("s3", 1)
              return { live, expired, unknown, removed, noAccount }
            }),
          )
          expect(Option.getOrThrow(result.live)).toEqual({
            session: {
              sessionId: "s1",
              memberId: ann,
              createdAt: 0,
              expiresAt: 100,
              ref: "r1",
              lastSeenAt: 0,
            },
            account: anAccount(ann, "ann@example.com", { role: "admin" }),
          })
          expect(Option.isNone(result.expired)).toBe(true)
          expect(Option.isNone(result.unknown)).toBe(true)
          expect(Option.isNone(result.removed)).toBe(true)
          expect(Option.isNone(result.noAccount)).toBe(true)
        }),
    )
  })

export const tokenStoreContract = (name: string, makeLayer: () => Layer.Layer<TokenStore>) =>
  describe(`TokenStore contract (${name})`, () => {
    it.live("answers a live token once, for its purpose only; never an expired or withdrawn one", () =>
      Effect.gen(function* () {
        const result = yield* freshWith(makeLayer)(
          Effect.gen(function* () {
            const store = yield* TokenStore
            yield* store.save({ tokenHash: "h1", purpose: "confirm-email", memberId: ann, expiresAt: 100 })
            yield* store.save({ tokenHash: "h2", purpose: "reset-password", memberId: ann, expiresAt: 100 })
            yield* store.save({ tokenHash: "h3", purpose: "reset-password", memberId: ben, expiresAt: 100 })
            const wrongPurpose = yield* store.consume("h1", "reset-password", 1)
            const peeked = yield* store.peek("h1", "confirm-email", 1)
            const first = yield* store.consume("h1", "confirm-email", 1)
            const second = yield* store.consume("h1", "confirm-email", 1)
            const expired = yield* store.consume("h3", "reset-password", 100)
            yield* store.removeAllOf(ann, "reset-password")
            const withdrawn = yield* store.peek("h2", "reset-password", 1)
            return { wrongPurpose, peeked, first, second, expired, withdrawn }
          }),
        )
        expect(Option.isNone(result.wrongPurpose)).toBe(true)
        expect(Option.getOrThrow(result.peeked)).toBe(ann)
        expect(Option.getOrThrow(result.first)).toBe(ann)
        expect(Option.isNone(result.second)).toBe(true)
        expect(Option.isNone(result.expired)).toBe(true)
        expect(Option.isNone(result.withdrawn)).toBe(true)
      }),
    )
  })
