/** A member's own data (issue 23): the export's life, the closure's refusals and effects, the retention purge. */

import { describe, expect, it } from "@effect/vitest"
import { type Context, Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { MemberGuard } from "../../src/access/MemberGuard.ts"
import type { Account } from "../../src/accounts/AccountModel.ts"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "../../src/accounts/ports/PasswordHasher.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { LimitsService } from "../../src/limits/LimitsService.ts"
import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"
import { DeliveredMail } from "../../src/notifications/ports/DeliveredMail.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { addYears, type ClosureStanding, closureRefusal } from "../../src/privacy/PrivacyModel.ts"
import { PrivacyService } from "../../src/privacy/PrivacyService.ts"
import { DataExportStore } from "../../src/privacy/ports/DataExportStore.ts"
import { MemberDataArchive } from "../../src/privacy/ports/MemberDataArchive.ts"
import { MemberRecords } from "../../src/privacy/ports/MemberRecords.ts"
import { PasskeyStore } from "../../src/secondfactor/ports/PasskeyStore.ts"
import { SecondFactorStore } from "../../src/secondfactor/ports/SecondFactorStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"

const T0 = Date.UTC(2026, 4, 1, 9)
const DAY = 24 * 60 * 60_000
const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

const account = (memberId: MemberId, email: string, firstName: string): Account => ({
  memberId,
  email,
  firstName,
  lastName: "Example",
  userType: "BUSINESS",
  businessName: `${firstName} Ltd`,
  role: "member",
  passwordHash: "plain-for-tests$secret1",
  emailConfirmedAt: 1,
  firstLogin: false,
  createdAt: 1,
})

/** A world of fresh in-memory stores with Ann and Ben, the test clock set to T0; `inWorld` runs in it. */
const makeWorld = Effect.gen(function* () {
  const standings = new Map<MemberId, ClosureStanding>()
  const purged: Array<{ memberId: MemberId; kind: "kyc" | "records"; at: number }> = []
  const forgotten: Array<string> = []
  const layer = PrivacyService.layer.pipe(
    Layer.provideMerge(MemberGuard.layer),
    Layer.provideMerge(
      Layer.mergeAll(
        AccountRepository.layerMemory,
        SessionStore.layerMemory,
        SecondFactorStore.layerMemory,
        PasskeyStore.layerMemory,
        PasswordHasher.layerInsecureForTests,
        LimitsService.layer.pipe(Layer.provide(AttemptLog.layerMemory)),
        DataExportStore.layerMemory,
        MemberDataArchive.layerMemory,
        MemberRecords.layerMemory(standings, purged),
        Mailer.layerMemory,
        DeliveredMail.layerMemory(forgotten),
        IdGenerator.layerSequential,
        AuditLog.layerMemory,
        UnitOfWork.layerMemory,
      ),
    ),
  )
  type R = Layer.Success<typeof layer>
  yield* TestClock.setTime(T0)
  const context: Context.Context<R> = yield* Layer.build(layer)
  const inWorld = <A, E>(effect: Effect.Effect<A, E, R>) => Effect.provideContext(effect, context)
  yield* inWorld(
    Effect.gen(function* () {
      const accounts = yield* AccountRepository
      yield* accounts.insert(account(ann, "ann@example.com", "Ann"))
      yield* accounts.insert(account(ben, "ben@example.com", "Ben"))
    }),
  )
  const fails = <A, E>(effect: Effect.Effect<A, E, R>) =>
    inWorld(Effect.flip(effect)) as Effect.Effect<{ _tag: string; message: string }, A>
  return { standings, purged, forgotten, inWorld, fails }
})

const privacy = PrivacyService.use((s) => Effect.succeed(s))

describe("A member's data export", () => {
  it.effect(
    "is built in the background, emailed when ready, downloadable by its member only, until it expires",
    () =>
      Effect.gen(function* () {
        const { inWorld, fails } = yield* makeWorld
        const requested = yield* inWorld(Effect.flatMap(privacy, (p) => p.requestExport(ann)))
        expect(requested.status).toBe("building")
        // A second request while it builds is the same export.
        expect((yield* inWorld(Effect.flatMap(privacy, (p) => p.requestExport(ann)))).exportId).toBe(
          requested.exportId,
        )
        expect((yield* fails(Effect.flatMap(privacy, (p) => p.download(ann, requested.exportId))))._tag).toBe(
          "DataExportNotReady",
        )

        const built = yield* inWorld(Effect.flatMap(privacy, (p) => p.buildNext))
        expect(Option.getOrThrow(built)).toMatchObject({ status: "ready", expiresAt: T0 + 7 * DAY })
        expect(Option.isNone(yield* inWorld(Effect.flatMap(privacy, (p) => p.buildNext)))).toBe(true)
        const mails = yield* inWorld(Effect.flatMap(Mailer, (m) => m.queued))
        expect(mails).toEqual([
          expect.objectContaining({ to: "ann@example.com", template: "data-export-ready" }),
        ])

        const archive = yield* inWorld(Effect.flatMap(privacy, (p) => p.download(ann, requested.exportId)))
        expect(new TextDecoder().decode(archive.bytes)).toContain("mem_ann")
        // Ben asking for Ann's export by its id is answered as a missing export.
        const intruding = yield* fails(Effect.flatMap(privacy, (p) => p.download(ben, requested.exportId)))
        const missing = yield* fails(Effect.flatMap(privacy, (p) => p.download(ben, "exp_none")))
        expect(intruding._tag).toBe("DataExportNotFound")
        expect(intruding.message.replace(requested.exportId, "ID")).toBe(
          missing.message.replace("exp_none", "ID"),
        )

        yield* TestClock.adjust(7 * DAY)
        expect((yield* fails(Effect.flatMap(privacy, (p) => p.download(ann, requested.exportId))))._tag).toBe(
          "DataExportExpired",
        )
        expect((yield* inWorld(Effect.flatMap(privacy, (p) => p.purgeDue))).exportsExpired).toBe(1)
      }),
  )
})

describe("Closing an account", () => {
  it("is refused, saying why, while Units are held, an order is open or a payout is owed", () => {
    const isOpen = (_: unknown, status: string) => status === "PaymentSent"
    expect(
      closureRefusal(
        {
          balances: [
            { unitType: "LAND_EUR", bucket: "owned", units: 40 },
            { unitType: "LAND_USD", bucket: "owned", units: 0 },
          ],
          orders: [
            { orderId: "ord_1", orderType: "BUY", orderStatus: "PaymentSent" },
            { orderId: "ord_2", orderType: "BUY", orderStatus: "Completed" },
          ],
          unpaidPayouts: 1,
        },
        isOpen,
      ),
    ).toBe(
      "Your account cannot be closed yet: you still hold 40 Units (LAND_EUR): sell or transfer them first; you have 1 open order (ord_1): cancel it or wait until it is complete; we still owe you 1 payout: we close the account once paid.",
    )
    expect(closureRefusal({ balances: [], orders: [], unpaidPayouts: 0 }, isOpen)).toBeUndefined()
  })

  it.effect("with Units held is refused and changes nothing", () =>
    Effect.gen(function* () {
      const { inWorld, fails, standings, forgotten } = yield* makeWorld
      standings.set(ann, {
        balances: [{ unitType: "LAND_EUR", bucket: "owned", units: 3 }],
        orders: [],
        unpaidPayouts: 0,
      })
      const refused = yield* fails(
        Effect.flatMap(privacy, (p) =>
          p.closeAccount({
            memberId: ann,
            closedBy: "member",
            actor: ann,
            currentPassword: "secret1",
            confirmEmail: "ann@example.com",
          }),
        ),
      )
      expect(refused).toMatchObject({ _tag: "AccountClosureRefused" })
      expect(refused.message).toContain("you still hold 3 Units (LAND_EUR)")
      const after = yield* inWorld(Effect.flatMap(AccountRepository, (a) => a.get(ann)))
      expect(Option.getOrThrow(after).closedAt).toBeUndefined()
      expect(forgotten).toEqual([])
    }),
  )

  it.effect("needs the member's own email typed, in any case", () =>
    Effect.gen(function* () {
      const { fails, inWorld } = yield* makeWorld
      const close = (confirmEmail: string) =>
        Effect.flatMap(privacy, (p) =>
          p.closeAccount({
            memberId: ann,
            closedBy: "member",
            actor: ann,
            currentPassword: "secret1",
            confirmEmail,
          }),
        )
      expect(yield* fails(close(" "))).toMatchObject({
        _tag: "ClosureNotConfirmed",
        message: "Type your email address to confirm",
      })
      expect(yield* fails(close("ben@example.com"))).toMatchObject({
        message: "That is not the email address of your account",
      })
      expect((yield* inWorld(close(" ANN@example.com "))).closedBy).toBe("member")
    }),
  )

  it.effect(
    "pseudonymises the account, ends its sessions, forgets the emails kept for it, keeps the records for their retention and audits by id",
    () =>
      Effect.gen(function* () {
        const { inWorld, forgotten } = yield* makeWorld
        yield* inWorld(
          Effect.flatMap(SessionStore, (s) =>
            s.create({ sessionId: "s1", memberId: ann, createdAt: T0, expiresAt: T0 + DAY }),
          ),
        )
        const closure = yield* inWorld(
          Effect.flatMap(privacy, (p) =>
            p.closeAccount({
              memberId: ann,
              closedBy: "member",
              actor: ann,
              currentPassword: "secret1",
              confirmEmail: "ann@example.com",
            }),
          ),
        )
        expect(closure).toEqual({
          memberId: ann,
          closedAt: T0,
          closedBy: "member",
          kycPurgeAt: Date.UTC(2031, 4, 1, 9),
          recordsPurgeAt: Date.UTC(2036, 4, 1, 9),
        })
        const closed = Option.getOrThrow(yield* inWorld(Effect.flatMap(AccountRepository, (a) => a.get(ann))))
        expect(closed).toMatchObject({
          email: "closed-mem_ann@closed.invalid",
          firstName: "Former",
          lastName: "member",
          disabledAt: T0,
          closedAt: T0,
        })
        expect(closed.businessName).toBeUndefined()
        expect(JSON.stringify(closed)).not.toMatch(/Ann|ann@example/)
        expect(Option.isNone(yield* inWorld(Effect.flatMap(SessionStore, (s) => s.get("s1", T0))))).toBe(true)
        // The delivery's kept emails to the address it had (the file transport's .eml files) are deleted.
        expect(forgotten).toEqual(["ann@example.com"])
        const entries = yield* inWorld(Effect.flatMap(AuditLog, (a) => a.list({})))
        expect(entries).toEqual([
          expect.objectContaining({ action: "privacy.closeAccount", subject: "member:mem_ann" }),
        ])
        expect(JSON.stringify(entries)).not.toMatch(/Ann|ann@example/)
        // Ben is untouched.
        expect(
          Option.getOrThrow(yield* inWorld(Effect.flatMap(AccountRepository, (a) => a.get(ben)))).firstName,
        ).toBe("Ben")
      }),
  )
})

describe("The retention purge", () => {
  it.effect(
    "purges KYC after 5 years and ledger and order records after 10, each once, by the injected clock",
    () =>
      Effect.gen(function* () {
        const { inWorld, purged } = yield* makeWorld
        yield* inWorld(
          Effect.flatMap(privacy, (p) => p.closeAccount({ memberId: ann, closedBy: "admin", actor: ben })),
        )
        const purge = () => inWorld(Effect.flatMap(privacy, (p) => p.purgeDue))

        yield* TestClock.setTime(addYears(T0, 5) - 1)
        expect(yield* purge()).toMatchObject({ kycPurged: 0, recordsPurged: 0 })
        yield* TestClock.setTime(addYears(T0, 5))
        expect(yield* purge()).toMatchObject({ kycPurged: 1, recordsPurged: 0 })
        expect(yield* purge()).toMatchObject({ kycPurged: 0, recordsPurged: 0 })
        yield* TestClock.setTime(addYears(T0, 10) - 1)
        expect(yield* purge()).toMatchObject({ recordsPurged: 0 })
        yield* TestClock.setTime(addYears(T0, 10))
        expect(yield* purge()).toMatchObject({ kycPurged: 0, recordsPurged: 1 })
        expect(yield* purge()).toMatchObject({ recordsPurged: 0 })
        expect(purged).toEqual([
          { memberId: ann, kind: "kyc", at: addYears(T0, 5) },
          { memberId: ann, kind: "records", at: addYears(T0, 10) },
        ])
      }),
  )

  it("a closure's purge days are calendar years later, 29 February moving to 1 March", () => {
    expect(addYears(Date.UTC(2028, 1, 29), 5)).toBe(Date.UTC(2033, 2, 1))
  })
})
