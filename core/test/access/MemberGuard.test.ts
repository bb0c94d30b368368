/**
 * Who may do what (issue 37), walked from the table: every use case of MemberUseCases.ts is put through the one
 * guard as a member with an authenticator app whose step-up is over, the same member after a step-up, and a
 * member without any factor with and without their password. Then every use case of the classes that need the
 * step-up is run through the core method that carries it, so a service that forgot its guard fails here.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Context, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { memberActor } from "../../src/access/AccessModel.ts"
import { MemberGuard } from "../../src/access/MemberGuard.ts"
import {
  MEMBER_USE_CASES,
  type MemberUseCase,
  MemberUseCaseNames,
  needsPasswordWithoutFactor,
  needsStepUp,
} from "../../src/access/MemberUseCases.ts"
import { AccountEmail } from "../../src/accounts/AccountService.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { PASSWORD_PROOF_PER_ACCOUNT } from "../../src/limits/Limits.ts"
import { OneTimePasswords } from "../../src/secondfactor/ports/OneTimePasswords.ts"
import { SecondFactorStore } from "../../src/secondfactor/ports/SecondFactorStore.ts"
import { DEFAULT_STEP_UP_SECONDS, StepUpSeconds } from "../../src/secondfactor/SecondFactorModel.ts"
import { IdempotencyKey, MemberId } from "../../src/shared/Ids.ts"
import { type Accounts, ann, makeAccounts } from "../support/AccountHarness.ts"
import { makeOrderHarness, memoryGuardStores } from "../support/OrderHarness.ts"

const STEP_UP_MS = DEFAULT_STEP_UP_SECONDS * 1000
const device = { id: "device-1", name: "Chrome 131 on Linux" }
const rp = { id: "localhost", origin: "http://localhost:5173", name: "Landunits" }

const signedIn = Effect.fnUntraced(function* (a: Accounts) {
  const { memberId } = yield* a.run(a.service.register(ann, "ip"))
  yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
  const { session } = yield* a.run(
    a.service.login({ email: ann.email, password: ann.password, address: "ip", device }),
  )
  return { memberId, sessionId: session.sessionId }
})

/** Ann's browser, as the limits count her codes. */
const ORIGIN = { address: "ip" } as const

/** Ann with an authenticator app (and a passkey), her session's step-up now over. */
const withExpiredStepUp = Effect.fnUntraced(function* () {
  const a = yield* makeAccounts()
  const on = yield* signedIn(a)
  const setup = yield* a.run(
    a.factors.beginTotp({ ...on, account: ann.email, currentPassword: ann.password }),
  )
  yield* a.run(
    a.factors.confirmTotp({
      origin: ORIGIN,
      ...on,
      code: OneTimePasswords.testCode(setup.secret, yield* Clock.currentTimeMillis),
    }),
  )
  yield* TestClock.adjust(STEP_UP_MS + 1)
  const stepUp = () =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      a.run(
        a.factors.stepUp({
          origin: ORIGIN,
          ...on,
          code: OneTimePasswords.testCode(setup.secret, now + 30_000),
        }),
      ),
    )
  return { a, on, actor: memberActor(on.memberId, on.sessionId), stepUp }
})

describe("the table of member use cases", () => {
  it("gives every use case one of the four classes, and asks the password only of moves-out or security", () => {
    expect(Object.keys(MEMBER_USE_CASES).sort()).toEqual([...MemberUseCaseNames].sort())
    for (const name of MemberUseCaseNames) {
      expect(["read", "own-action", "moves-out", "security"], name).toContain(MEMBER_USE_CASES[name].class)
      if (needsPasswordWithoutFactor(name)) expect(needsStepUp(name), name).toBe(true)
    }
    expect(MemberUseCaseNames.filter(needsPasswordWithoutFactor).sort()).toEqual(
      ["beginTotp", "closeAccount", "registerPasskey"].sort(),
    )
  })
})

describe("the guard, walked over the table", () => {
  it.effect(
    "refuses every moves-out and security use case with SecondFactorRequired once the step-up is over, and lets reads and own actions through",
    () =>
      Effect.gen(function* () {
        const { a, actor, stepUp } = yield* withExpiredStepUp()
        for (const useCase of MemberUseCaseNames) {
          if (needsStepUp(useCase)) {
            expect((yield* a.fail(a.guard.require(useCase, actor)))._tag, useCase).toBe(
              "SecondFactorRequired",
            )
          } else {
            yield* a.run(a.guard.require(useCase, actor))
          }
        }
        // The same member without a session (the CLI, an in-process caller) cannot have stepped up: refused too.
        for (const useCase of MemberUseCaseNames.filter(needsStepUp)) {
          expect((yield* a.fail(a.guard.require(useCase, memberActor(actor.memberId))))._tag, useCase).toBe(
            "SecondFactorRequired",
          )
        }
        yield* stepUp()
        for (const useCase of MemberUseCaseNames) yield* a.run(a.guard.require(useCase, actor))
        // Another member's session is not this member's step-up.
        const ben = yield* a.run(a.service.register({ ...ann, email: "ben@example.com" }, "ip"))
        for (const useCase of MemberUseCaseNames.filter(needsStepUp)) {
          const sessionOfAnn = memberActor(ben.memberId, actor.sessionId)
          // Ben has no factor: nothing to step up, only the password where the table asks it.
          if (needsPasswordWithoutFactor(useCase)) {
            expect((yield* a.fail(a.guard.require(useCase, sessionOfAnn)))._tag, useCase).toBe(
              "PasswordRequired",
            )
          } else yield* a.run(a.guard.require(useCase, sessionOfAnn))
        }
      }),
  )

  it.effect(
    "asks a member without a second factor for the current password where the table says so, and only there",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* signedIn(a)
        const actor = memberActor(on.memberId, on.sessionId)
        for (const useCase of MemberUseCaseNames) {
          if (needsPasswordWithoutFactor(useCase)) {
            expect((yield* a.fail(a.guard.require(useCase, actor)))._tag, useCase).toBe("PasswordRequired")
            expect(
              (yield* a.fail(a.guard.require(useCase, actor, { currentPassword: "wrong1" })))._tag,
              useCase,
            ).toBe("PasswordRequired")
            yield* a.run(a.guard.require(useCase, actor, { currentPassword: ann.password }))
          } else {
            yield* a.run(a.guard.require(useCase, actor))
          }
        }
      }),
  )

  it("takes its window from STEP_UP_SECONDS", () => {
    const stores = Effect.runSync(Effect.scoped(Layer.build(memoryGuardStores)))
    const guard = Context.get(
      Effect.runSync(
        Effect.scoped(
          Layer.build(
            MemberGuard.layer.pipe(
              Layer.provide(Layer.succeedContext(stores)),
              Layer.provide(Layer.succeed(StepUpSeconds)(10)),
            ),
          ),
        ),
      ),
      MemberGuard,
    )
    const member = MemberId.make("mem_window")
    const now = Date.now()
    const sessionGivenAt = (at: number) =>
      Effect.runSync(
        Effect.gen(function* () {
          yield* Context.get(stores, SessionStore).create({
            sessionId: `s-${at}`,
            memberId: member,
            createdAt: at,
            expiresAt: now + 86_400_000,
            secondFactorAt: at,
          })
          return memberActor(member, `s-${at}`)
        }),
      )
    Effect.runSync(
      Context.get(stores, SecondFactorStore).saveTotp({
        memberId: member,
        secret: "S",
        createdAt: now,
        confirmedAt: now,
        lastUsedStep: 0,
      }),
    )
    const tag = (actor: ReturnType<typeof memberActor>) =>
      Effect.runSync(
        Effect.match(guard.require("transfer", actor), { onFailure: (e) => e._tag, onSuccess: () => "ok" }),
      )
    expect(tag(sessionGivenAt(now - 5_000))).toBe("ok")
    expect(tag(sessionGivenAt(now - 11_000))).toBe("SecondFactorRequired")
  })
})

/** Runs each step-up use case through the core method that carries its guard. */
type StepUpUseCase = {
  [K in MemberUseCase]: (typeof MEMBER_USE_CASES)[K]["class"] extends "moves-out" | "security" ? K : never
}[MemberUseCase]

describe("every core method of a moves-out or security use case calls the guard itself", () => {
  it.effect(
    "refuses the account's use cases on a session whose step-up is over, and runs them after a step-up",
    () =>
      Effect.gen(function* () {
        const { a, on, stepUp } = yield* withExpiredStepUp()
        const calls: Partial<
          Record<StepUpUseCase, () => Effect.Effect<unknown, { readonly _tag: string }, never>>
        > = {
          newRecoveryCodes: () => a.factors.newRecoveryCodes(on) as never,
          passkeyOptions: () => a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }) as never,
          removeTotp: () => a.factors.removeTotp(on) as never,
          // Last: a new password gives the session a new id.
          changePassword: () =>
            a.service.changePassword({
              memberId: on.memberId,
              currentSessionId: on.sessionId,
              currentPassword: ann.password,
              newPassword: ann.password,
            }) as never,
        }
        for (const [useCase, call] of Object.entries(calls)) {
          expect(((yield* a.fail(call() as never)) as { _tag: string })._tag, useCase).toBe(
            "SecondFactorRequired",
          )
        }
        yield* stepUp()
        for (const call of Object.values(calls)) yield* a.run(call() as never)
      }),
  )

  it.effect(
    "refuses a sell, a transfer and a convert on a session whose step-up is over, before anything else",
    () =>
      Effect.gen(function* () {
        const stores = yield* Layer.build(memoryGuardStores)
        const h = yield* makeOrderHarness({ guardStores: Layer.succeedContext(stores) })
        const alice = MemberId.make("alice")
        const now = yield* Clock.currentTimeMillis
        yield* Effect.gen(function* () {
          const factors = Context.get(stores, SecondFactorStore)
          yield* factors.saveTotp({
            memberId: alice,
            secret: "S",
            createdAt: now,
            confirmedAt: now,
            lastUsedStep: 0,
          })
          yield* Context.get(stores, SessionStore).create({
            sessionId: "alice-session",
            memberId: alice,
            createdAt: now,
            expiresAt: now + 86_400_000,
            secondFactorAt: now - STEP_UP_MS - 1,
          } as never)
        })
        const actor = memberActor(alice, "alice-session")
        let n = 0
        const attempts = {
          sell: () =>
            h.orders.createSell({
              memberId: alice,
              actor,
              idempotencyKey: IdempotencyKey.make(`k${n++}`),
              unitType: "LAND_AUD",
              numberOfUnits: 50,
              isDoubleLand: false,
            }),
          transfer: () =>
            h.orders.createTransfer({
              memberId: alice,
              actor,
              idempotencyKey: IdempotencyKey.make(`k${n++}`),
              unitType: "LAND_AUD",
              numberOfUnits: 50,
              recipientEmail: "bob@example.com",
              isDoubleLand: false,
            }),
          convert: () =>
            h.orders.createConvert({
              memberId: alice,
              actor,
              idempotencyKey: IdempotencyKey.make(`k${n++}`),
              fromUnitType: "LAND_AUD",
              toUnitType: "LAND_EUR",
              numberOfUnits: 50,
            }),
        } satisfies Partial<Record<StepUpUseCase, () => Effect.Effect<unknown, unknown, unknown>>>
        const tagOf = (e: Effect.Effect<unknown, { readonly _tag: string }, unknown>) =>
          h.run(
            Effect.match(e as never, { onFailure: (x: { _tag: string }) => x._tag, onSuccess: () => "ok" }),
          )
        for (const [useCase, attempt] of Object.entries(attempts)) {
          expect(yield* tagOf(attempt() as never), useCase).toBe("SecondFactorRequired")
        }
        // After a step-up on that session the guard lets each through (whatever the order's own rules then say).
        yield* Context.get(stores, SessionStore).markSecondFactor(
          "alice-session",
          yield* Clock.currentTimeMillis,
        )
        for (const [useCase, attempt] of Object.entries(attempts)) {
          expect(yield* tagOf(attempt() as never), useCase).not.toBe("SecondFactorRequired")
        }
      }),
  )
})

describe("wrong current passwords are slowed per member (PASSWORD_PROOF_PER_ACCOUNT)", () => {
  const outcome = (a: Accounts, actor: ReturnType<typeof memberActor>, currentPassword: string) =>
    a.run(
      Effect.match(a.guard.require("closeAccount", actor, { currentPassword }), {
        onFailure: (e) =>
          e._tag === "TooManyAttempts" ? `TooManyAttempts ${e.retryAfterSeconds}s` : (e._tag as string),
        onSuccess: () => "ok",
      }),
    )

  it.effect(
    "lets 5 wrong passwords be checked, then makes each next one wait longer (1 s, 2 s, …) with a true Retry-After: refused attempts are not checked and do not count",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* signedIn(a)
        const actor = memberActor(on.memberId, on.sessionId)
        for (let i = 0; i < PASSWORD_PROOF_PER_ACCOUNT.free; i++) {
          expect(yield* outcome(a, actor, "wrong1"), `wrong password ${i + 1}`).toBe("PasswordRequired")
        }
        // The sixth waits 1 s after the fifth, and asking again and again does not make the wait longer.
        for (let i = 0; i < 20; i++) expect(yield* outcome(a, actor, "wrong1")).toBe("TooManyAttempts 1s")
        // Not even the right password is checked before the wait is over (a guesser learns nothing).
        expect(yield* outcome(a, actor, ann.password)).toBe("TooManyAttempts 1s")
        yield* TestClock.adjust(1_000)
        expect(yield* outcome(a, actor, "wrong1")).toBe("PasswordRequired")
        expect(yield* outcome(a, actor, "wrong1")).toBe("TooManyAttempts 2s")
        yield* TestClock.adjust(2_000)
        expect(yield* outcome(a, actor, "wrong1")).toBe("PasswordRequired")
        expect(yield* outcome(a, actor, "wrong1")).toBe("TooManyAttempts 4s")
        // The right password after the wait passes, and the count starts again.
        yield* TestClock.adjust(4_000)
        expect(yield* outcome(a, actor, ann.password)).toBe("ok")
        for (let i = 0; i < PASSWORD_PROOF_PER_ACCOUNT.free; i++) {
          expect(yield* outcome(a, actor, "wrong1")).toBe("PasswordRequired")
        }
        expect(yield* outcome(a, actor, "wrong1")).toBe("TooManyAttempts 1s")
      }),
  )

  it.effect(
    "counts per member: another member's wrong passwords do not slow this one, and a missing password is not a proof",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* signedIn(a)
        const ben = yield* a.run(a.service.register({ ...ann, email: "ben@example.com" }, "ip"))
        const benActor = memberActor(ben.memberId)
        for (let i = 0; i < 6; i++) yield* outcome(a, benActor, "wrong1")
        expect(yield* outcome(a, benActor, "wrong1")).toMatch(/^TooManyAttempts/)
        const actor = memberActor(on.memberId, on.sessionId)
        for (let i = 0; i < 10; i++) {
          expect((yield* a.fail(a.guard.require("beginTotp", actor)))._tag).toBe("PasswordRequired")
        }
        expect(yield* outcome(a, actor, ann.password)).toBe("ok")
      }),
  )
})
