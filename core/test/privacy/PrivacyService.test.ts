/** A member's own data (issue 23): the export's life, the closure's refusals and effects, the retention purge. */

import { Effect, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
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
import { ManualClock } from "../support/ManualClock.ts"

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

const makeWorld = () => {
  const standings = new Map<MemberId, ClosureStanding>()
  const purged: Array<{ memberId: MemberId; kind: "kyc" | "records"; at: number }> = []
  const forgotten: Array<string> = []
  const clock = ManualClock.make(T0)
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
  const runtime = Effect.runSync(
    Effect.gen(function* () {
      const accounts = yield* AccountRepository
      yield* accounts.insert(account(ann, "ann@example.com", "Ann"))
      yield* accounts.insert(account(ben, "ben@example.com", "Ben"))
      return yield* Effect.context<R>()
    }).pipe(Effect.provide(layer), ManualClock.provide(clock)),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(effect.pipe(Effect.provide(runtime), ManualClock.provide(clock)))
  const fails = <A, E>(effect: Effect.Effect<A, E, R>) =>
    run(Effect.flip(effect)) as Promise<{ _tag: string; message: string }>
  return { standings, purged, forgotten, clock, run, fails }
}

const privacy = PrivacyService.use((s) => Effect.succeed(s))

describe("A member's data export", () => {
  it("is built in the background, emailed when ready, downloadable by its member only, until it expires", async () => {
    const { run, fails, clock } = makeWorld()
    const requested = await run(Effect.flatMap(privacy, (p) => p.requestExport(ann)))
    expect(requested.status).toBe("building")
    // A second request while it builds is the same export.
    expect((await run(Effect.flatMap(privacy, (p) => p.requestExport(ann)))).exportId).toBe(
      requested.exportId,
    )
    expect((await fails(Effect.flatMap(privacy, (p) => p.download(ann, requested.exportId))))._tag).toBe(
      "DataExportNotReady",
    )

    const built = await run(Effect.flatMap(privacy, (p) => p.buildNext))
    expect(Option.getOrThrow(built)).toMatchObject({ status: "ready", expiresAt: T0 + 7 * DAY })
    expect(Option.isNone(await run(Effect.flatMap(privacy, (p) => p.buildNext)))).toBe(true)
    const mails = await run(Effect.flatMap(Mailer, (m) => m.queued))
    expect(mails).toEqual([expect.objectContaining({ to: "ann@example.com", template: "data-export-ready" })])

    const archive = await run(Effect.flatMap(privacy, (p) => p.download(ann, requested.exportId)))
    expect(new TextDecoder().decode(archive.bytes)).toContain("mem_ann")
    // Ben asking for Ann's export by its id is answered as a missing export.
    const intruding = await fails(Effect.flatMap(privacy, (p) => p.download(ben, requested.exportId)))
    const missing = await fails(Effect.flatMap(privacy, (p) => p.download(ben, "exp_none")))
    expect(intruding._tag).toBe("DataExportNotFound")
    expect(intruding.message.replace(requested.exportId, "ID")).toBe(
      missing.message.replace("exp_none", "ID"),
    )

    clock.advance(7 * DAY)
    expect((await fails(Effect.flatMap(privacy, (p) => p.download(ann, requested.exportId))))._tag).toBe(
      "DataExportExpired",
    )
    expect((await run(Effect.flatMap(privacy, (p) => p.purgeDue))).exportsExpired).toBe(1)
  })
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

  it("with Units held is refused and changes nothing", async () => {
    const { run, fails, standings, forgotten } = makeWorld()
    standings.set(ann, {
      balances: [{ unitType: "LAND_EUR", bucket: "owned", units: 3 }],
      orders: [],
      unpaidPayouts: 0,
    })
    const refused = await fails(
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
    const after = await run(Effect.flatMap(AccountRepository, (a) => a.get(ann)))
    expect(Option.getOrThrow(after).closedAt).toBeUndefined()
    expect(forgotten).toEqual([])
  })

  it("needs the member's own email typed, in any case", async () => {
    const { fails, run } = makeWorld()
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
    expect(await fails(close(" "))).toMatchObject({
      _tag: "ClosureNotConfirmed",
      message: "Type your email address to confirm",
    })
    expect(await fails(close("ben@example.com"))).toMatchObject({
      message: "That is not the email address of your account",
    })
    expect((await run(close(" ANN@example.com "))).closedBy).toBe("member")
  })

  it("pseudonymises the account, ends its sessions, forgets the emails kept for it, keeps the records for their retention and audits by id", async () => {
    const { run, forgotten } = makeWorld()
    await run(
      Effect.flatMap(SessionStore, (s) =>
        s.create({ sessionId: "s1", memberId: ann, createdAt: T0, expiresAt: T0 + DAY }),
      ),
    )
    const closure = await run(
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
    const closed = Option.getOrThrow(await run(Effect.flatMap(AccountRepository, (a) => a.get(ann))))
    expect(closed).toMatchObject({
      email: "closed-mem_ann@closed.invalid",
      firstName: "Former",
      lastName: "member",
      disabledAt: T0,
      closedAt: T0,
    })
    expect(closed.businessName).toBeUndefined()
    expect(JSON.stringify(closed)).not.toMatch(/Ann|ann@example/)
    expect(Option.isNone(await run(Effect.flatMap(SessionStore, (s) => s.get("s1", T0))))).toBe(true)
    // The delivery's kept emails to the address it had (the file transport's .eml files) are deleted.
    expect(forgotten).toEqual(["ann@example.com"])
    const entries = await run(Effect.flatMap(AuditLog, (a) => a.list({})))
    expect(entries).toEqual([
      expect.objectContaining({ action: "privacy.closeAccount", subject: "member:mem_ann" }),
    ])
    expect(JSON.stringify(entries)).not.toMatch(/Ann|ann@example/)
    // Ben is untouched.
    expect(Option.getOrThrow(await run(Effect.flatMap(AccountRepository, (a) => a.get(ben)))).firstName).toBe(
      "Ben",
    )
  })
})

describe("The retention purge", () => {
  it("purges KYC after 5 years and ledger and order records after 10, each once, by the injected clock", async () => {
    const { run, clock, purged } = makeWorld()
    await run(
      Effect.flatMap(privacy, (p) => p.closeAccount({ memberId: ann, closedBy: "admin", actor: ben })),
    )
    const purge = () => run(Effect.flatMap(privacy, (p) => p.purgeDue))

    clock.set(addYears(T0, 5) - 1)
    expect(await purge()).toMatchObject({ kycPurged: 0, recordsPurged: 0 })
    clock.set(addYears(T0, 5))
    expect(await purge()).toMatchObject({ kycPurged: 1, recordsPurged: 0 })
    expect(await purge()).toMatchObject({ kycPurged: 0, recordsPurged: 0 })
    clock.set(addYears(T0, 10) - 1)
    expect(await purge()).toMatchObject({ recordsPurged: 0 })
    clock.set(addYears(T0, 10))
    expect(await purge()).toMatchObject({ kycPurged: 0, recordsPurged: 1 })
    expect(await purge()).toMatchObject({ recordsPurged: 0 })
    expect(purged).toEqual([
      { memberId: ann, kind: "kyc", at: addYears(T0, 5) },
      { memberId: ann, kind: "records", at: addYears(T0, 10) },
    ])
  })

  it("a closure's purge days are calendar years later, 29 February moving to 1 March", () => {
    expect(addYears(Date.UTC(2028, 1, 29), 5)).toBe(Date.UTC(2033, 2, 1))
  })
})
