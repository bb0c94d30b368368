/**
 * The member's profile form in core (ProfileService.update): what is not sent is kept, the email cannot be changed
 * there, a form that breaks the rules is refused field by field with nothing saved, a new password needs the current
 * one and continues the member under a new session, and the KYC details go through KYC's own use case.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { memberActor } from "../../src/access/AccessModel.ts"
import { MemberGuard } from "../../src/access/MemberGuard.ts"
import { AccountEmail, AccountService } from "../../src/accounts/AccountService.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { KycService } from "../../src/kyc/KycService.ts"
import { DocumentStore } from "../../src/kyc/ports/DocumentStore.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { MemberDirectory } from "../../src/kyc/ports/MemberDirectory.ts"
import { type ProfileForm, ProfileService } from "../../src/members/ProfileService.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"
import { ann, makeAccounts } from "../support/AccountHarness.ts"
import { completeDetails } from "../support/KycFixtures.ts"
import { memoryGuardStores } from "../support/OrderHarness.ts"

/** Ann registered, confirmed and signed in; her profile form over the in-memory accounts and KYC stores. */
const signedInAnn = Effect.fnUntraced(function* () {
  const a = yield* makeAccounts()
  const { memberId } = yield* a.run(a.service.register(ann, "ip"))
  yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
  const signedIn = yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
  const kyc = KycService.layer.pipe(
    Layer.provide(MemberGuard.layer.pipe(Layer.provide(memoryGuardStores))),
    Layer.provide(
      Layer.mergeAll(
        KycStore.layerMemory,
        DocumentStore.layerMemory,
        MemberDirectory.layerMemory([
          { memberId, email: ann.email, firstName: ann.firstName, userType: ann.userType },
        ]),
        Mailer.layerMemory,
        AuditLog.layerMemory,
        IdGenerator.layerSequential,
      ),
    ),
  )
  const layer = ProfileService.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(Layer.succeed(AccountService, a.service), kyc, UnitOfWork.layerMemory)),
  )
  const context = yield* Layer.build(layer)
  const run = <A, E>(effect: Effect.Effect<A, E, ProfileService | KycService | AccountService>) =>
    Effect.provideContext(effect, context)
  const profiles = Context.get(context, ProfileService)
  const kycService = Context.get(context, KycService)
  const update = (form: Omit<ProfileForm, "documents">) =>
    run(
      profiles.update({ memberId, sessionId: signedIn.session.sessionId, form: { ...form, documents: [] } }),
    )
  return { a, memberId, signedIn, run, update, kyc: kycService }
})

describe("ProfileService.update", () => {
  it.effect("saves the names sent and keeps what was not sent", () =>
    Effect.gen(function* () {
      const p = yield* signedInAnn()
      const { session } = yield* p.update({ firstName: "Annie" })
      expect(session).toBeUndefined()
      const account = yield* p.a.run(p.a.service.account(p.memberId))
      expect(account.firstName).toBe("Annie")
      expect(account.lastName).toBe(ann.lastName)
      expect(account.email).toBe(ann.email)
    }),
  )

  it.effect("refuses another email address, saying where to ask, and saves nothing", () =>
    Effect.gen(function* () {
      const p = yield* signedInAnn()
      const refused = yield* Effect.flip(p.update({ email: "someone.else@example.com", firstName: "Annie" }))
      expect(refused).toMatchObject({
        _tag: "InvalidProfile",
        errors: [
          { path: "email", message: "Your email address cannot be changed here. Please contact support." },
        ],
      })
      expect((yield* p.a.run(p.a.service.account(p.memberId))).firstName).toBe(ann.firstName)
    }),
  )

  it.effect("refuses a form that breaks the rules field by field, with the first message as its own", () =>
    Effect.gen(function* () {
      const p = yield* signedInAnn()
      const refused = yield* Effect.flip(p.update({ firstName: "" }))
      expect(refused._tag).toBe("InvalidProfile")
      if (refused._tag !== "InvalidProfile") return
      expect(refused.errors.map((e) => e.path)).toContain("firstName")
      expect(refused.message).toBe(refused.errors[0]?.message)
      expect((yield* p.a.run(p.a.service.account(p.memberId))).firstName).toBe(ann.firstName)
    }),
  )

  it.effect(
    "a new password with the current one answers a new session, and the old password no longer signs in",
    () =>
      Effect.gen(function* () {
        const p = yield* signedInAnn()
        const { session } = yield* p.update({
          currentPassword: ann.password,
          newPassword: "NewSecret9",
          confirmNewPassword: "NewSecret9",
        })
        expect(session?.sessionId).toBeDefined()
        expect(session?.sessionId).not.toBe(p.signedIn.session.sessionId)
        const old = yield* Effect.flip(
          p.a.run(p.a.service.login({ email: ann.email, password: ann.password, address: "ip" })),
        )
        expect(old._tag).toBe("InvalidCredentials")
      }),
  )

  it.effect("a new password with a wrong current one is refused", () =>
    Effect.gen(function* () {
      const p = yield* signedInAnn()
      const refused = yield* Effect.flip(
        p.update({
          currentPassword: "not-hers-1",
          newPassword: "NewSecret9",
          confirmNewPassword: "NewSecret9",
        }),
      )
      expect(refused._tag).toBe("InvalidCredentials")
    }),
  )

  it.effect("the KYC details sent are saved through KYC's own use case", () =>
    Effect.gen(function* () {
      const p = yield* signedInAnn()
      yield* p.update({ kycInfo: { address: completeDetails.address } })
      const view = yield* p.run(p.kyc.view(memberActor(p.memberId, p.signedIn.session.sessionId), p.memberId))
      expect(view.kycInfo.address).toEqual(completeDetails.address)
      expect(view.kycInfo.kycStatus).toBe("Details Saved")
    }),
  )
})
