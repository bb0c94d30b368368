import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import { MemberGuard } from "../../src/access/MemberGuard.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { isAllowedKycTransition } from "../../src/kyc/KycLifecycle.ts"
import { type KycError, KycService } from "../../src/kyc/KycService.ts"
import { DocumentStore } from "../../src/kyc/ports/DocumentStore.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { MemberDirectory } from "../../src/kyc/ports/MemberDirectory.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { UPLOAD_MAX_BYTES } from "../../src/shared/Constants.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"
import { checkProperty } from "../support/EffectProperty.ts"
import {
  acme,
  admin,
  alice,
  bob,
  businessDetails,
  completeDetails,
  members,
  pdfBytes,
  pngBytes,
  textBytes,
} from "../support/KycFixtures.ts"
import { memoryGuardStores } from "../support/OrderHarness.ts"

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)

const makeLayer = () =>
  KycService.layer.pipe(
    Layer.provide(MemberGuard.layer.pipe(Layer.provide(memoryGuardStores))),
    Layer.provideMerge(
      Layer.mergeAll(
        KycStore.layerMemory,
        DocumentStore.layerMemory,
        MemberDirectory.layerMemory(members),
        Mailer.layerMemory,
        AuditLog.layerMemory,
        IdGenerator.layerSequential,
      ),
    ),
  )

type Env = KycService | KycStore | DocumentStore | MemberDirectory | Mailer | AuditLog | IdGenerator

/** Runs `effect` over fresh in-memory stores, the test clock set to T0. */
const fresh = <A, E>(effect: Effect.Effect<A, E, Env>) =>
  TestClock.setTime(T0).pipe(Effect.andThen(effect), Effect.provide(makeLayer()))

const asAlice = memberActor(alice)
const asAdmin = adminActor(admin)

/** Alice saves complete details and uploads her passport: ready to submit. */
const aliceReady = Effect.gen(function* () {
  const kyc = yield* KycService
  yield* kyc.saveDetails(asAlice, alice, completeDetails)
  yield* kyc.uploadDocument(asAlice, alice, "passportFile", { fileName: "passport.pdf", bytes: pdfBytes })
  return kyc
})

describe("KycService: the member's details", () => {
  it.effect("saving details moves a member from UnVerified to Details Saved", () =>
    Effect.gen(function* () {
      const [before, after] = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          const before = yield* kyc.view(asAlice, alice)
          const after = yield* kyc.saveDetails(asAlice, alice, { address: completeDetails.address! })
          return [before, after] as const
        }),
      )
      expect(before.kycInfo.kycStatus).toBe("UnVerified")
      expect(after.kycInfo.kycStatus).toBe("Details Saved")
      expect(after.kycInfo.address).toEqual(completeDetails.address)
      expect(after.missingFields[0]).toBe("Telephone Country Code")
    }),
  )

  it.effect(
    "sections not sent are kept, and a saved passport file survives a change of the passport details",
    () =>
      Effect.gen(function* () {
        const view = yield* fresh(
          Effect.gen(function* () {
            const kyc = yield* aliceReady
            yield* kyc.saveDetails(asAlice, alice, {
              passport: { ...completeDetails.passport!, passportNumber: "ZX9876543" },
            })
            return yield* kyc.saveDetails(asAlice, alice, { optionalNote: "Second address in Spain" })
          }),
        )
        expect(view.kycInfo.address).toEqual(completeDetails.address)
        expect(view.kycInfo.passport?.passportNumber).toBe("ZX9876543")
        expect(view.kycInfo.passport?.passportFile?.fileName).toBe("passport.pdf")
        expect(view.kycInfo.optionalNote).toBe("Second address in Spain")
        expect(view.missingFields).toEqual([])
      }),
  )

  it.effect("a member's business details are kept only for business members", () =>
    Effect.gen(function* () {
      const view = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          return yield* kyc.saveDetails(asAlice, alice, businessDetails)
        }),
      )
      expect(view.kycInfo.businessInfo).toBeUndefined()
    }),
  )

  it.effect("only the member can change or submit their KYC details", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          return [
            yield* Effect.flip(kyc.saveDetails(memberActor(bob), alice, completeDetails)),
            yield* Effect.flip(kyc.saveDetails(asAdmin, alice, completeDetails)),
            yield* Effect.flip(kyc.submitForVerification(memberActor(bob), alice)),
            yield* Effect.flip(
              kyc.uploadDocument(memberActor(bob), alice, "optionalDocument", {
                fileName: "x.pdf",
                bytes: pdfBytes,
              }),
            ),
          ]
        }),
      )
      expect(errors.map((e) => e._tag)).toEqual(["Forbidden", "Forbidden", "Forbidden", "Forbidden"])
    }),
  )

  it.effect("a member's KYC is readable only by its owner and admins", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          return {
            own: yield* kyc.view(asAlice, alice),
            byAdmin: yield* kyc.view(asAdmin, alice),
            byOther: yield* Effect.flip(kyc.view(memberActor(bob), alice)),
            docsByOther: yield* Effect.flip(kyc.listDocuments(memberActor(bob), alice)),
            docsByAdmin: yield* kyc.listDocuments(asAdmin, alice),
          }
        }),
      )
      expect(result.own.kycInfo).toEqual(result.byAdmin.kycInfo)
      expect(result.byOther._tag).toBe("Forbidden")
      expect(result.byOther.message).toBe("Only the member and admins can see this member's KYC")
      expect(result.docsByOther._tag).toBe("Forbidden")
      expect(result.docsByAdmin.map((d) => d.fileName)).toEqual(["passport.pdf"])
    }),
  )

  it.effect("an unknown member has no KYC to see", () =>
    Effect.gen(function* () {
      const error = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          return yield* Effect.flip(kyc.view(asAdmin, MemberId.make("mem_ghost")))
        }),
      )
      expect(error._tag).toBe("KycMemberNotFound")
    }),
  )
})

describe("KycService: documents", () => {
  it.effect("a document is typed by its content, not its name", () =>
    Effect.gen(function* () {
      const document = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          return yield* kyc.uploadDocument(asAlice, alice, "optionalDocument", {
            fileName: "scan.pdf",
            bytes: pngBytes,
          })
        }),
      )
      expect(document).toMatchObject({ fileName: "scan.pdf", fileType: "png", size: pngBytes.length })
    }),
  )

  it.effect("a file that is not a PDF, JPEG or PNG is refused with the spec's message", () =>
    Effect.gen(function* () {
      const error = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          return yield* Effect.flip(
            kyc.uploadDocument(asAlice, alice, "optionalDocument", {
              fileName: "passport.pdf",
              bytes: textBytes,
            }),
          )
        }),
      )
      expect(error._tag).toBe("KycUnsupportedFileType")
      expect(error.message).toBe("Unsupported file type. Please upload a PDF, JPEG, or PNG.")
    }),
  )

  it.effect("a file over 8 MB is refused with the spec's message", () =>
    Effect.gen(function* () {
      const big = new Uint8Array(UPLOAD_MAX_BYTES + 1)
      big.set(pdfBytes.subarray(0, 8))
      const error = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          return yield* Effect.flip(
            kyc.uploadDocument(asAlice, alice, "optionalDocument", { fileName: "big.pdf", bytes: big }),
          )
        }),
      )
      expect(error._tag).toBe("KycFileTooLarge")
      expect(error.message).toBe("File too large. Please upload a file less than 8Mb")
    }),
  )

  it.effect(
    "the passport file is uploaded after the passport details; business documents by business members only",
    () =>
      Effect.gen(function* () {
        const errors = yield* fresh(
          Effect.gen(function* () {
            const kyc = yield* KycService
            const file = { fileName: "f.pdf", bytes: pdfBytes }
            return [
              yield* Effect.flip(kyc.uploadDocument(asAlice, alice, "passportFile", file)),
              yield* Effect.flip(kyc.uploadDocument(asAlice, alice, "registrationDocument", file)),
              yield* Effect.flip(
                kyc.uploadDocument(memberActor(acme), acme, "businessOptionalDocument", file),
              ),
            ]
          }),
        )
        expect(errors.map((e) => e.message)).toEqual([
          "Save the passport details before uploading the passport file",
          "Only business members upload business documents",
          "Save the business details before uploading business documents",
        ])
      }),
  )

  it.effect(
    "the owner and admins read a document's bytes; an admin's reading is audited, the owner's is not",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const kyc = yield* aliceReady
            const [document] = yield* kyc.listDocuments(asAlice, alice)
            const own = yield* kyc.readDocument(asAlice, alice, document!.documentId)
            const auditAfterOwn = yield* (yield* AuditLog).list({})
            const byAdmin = yield* kyc.readDocument(asAdmin, alice, document!.documentId)
            const byOther = yield* Effect.flip(
              kyc.readDocument(memberActor(bob), alice, document!.documentId),
            )
            const missing = yield* Effect.flip(kyc.readDocument(asAlice, alice, "doc_nope"))
            return { own, auditAfterOwn, byAdmin, byOther, missing, audit: yield* (yield* AuditLog).list({}) }
          }),
        )
        expect(result.own.bytes).toEqual(pdfBytes)
        expect(result.byAdmin.document.fileType).toBe("pdf")
        expect(result.byOther._tag).toBe("Forbidden")
        expect(result.missing._tag).toBe("KycDocumentNotFound")
        expect(result.auditAfterOwn).toEqual([])
        expect(result.audit).toMatchObject([
          { actor: admin, action: "kyc.document.read", subject: `member:${alice}`, at: T0 },
        ])
      }),
  )
})

describe("KycService: verification", () => {
  it.effect("submitting is refused with the list of missing fields while details are incomplete", () =>
    Effect.gen(function* () {
      const error = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          yield* kyc.saveDetails(asAlice, alice, completeDetails)
          return yield* Effect.flip(kyc.submitForVerification(asAlice, alice))
        }),
      )
      expect(error._tag).toBe("KycIncomplete")
      if (error._tag !== "KycIncomplete") return
      expect(error.missingFields).toEqual(["Passport File"])
      expect(error.message).toBe("Complete these fields before submitting for verification: Passport File")
    }),
  )

  it.effect("a complete submission is Pending Verification and waits in the admins' queue", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          const view = yield* kyc.submitForVerification(asAlice, alice)
          return {
            view,
            queue: yield* kyc.pendingVerification(asAdmin),
            notForMembers: yield* Effect.flip(kyc.pendingVerification(asAlice)),
            again: yield* Effect.flip(kyc.submitForVerification(asAlice, alice)),
          }
        }),
      )
      expect(result.view.kycInfo.kycStatus).toBe("Pending Verification")
      expect(result.queue.map((r) => r.memberId)).toEqual([alice])
      expect(result.notForMembers._tag).toBe("Forbidden")
      expect(result.again._tag).toBe("InvalidKycTransition")
    }),
  )

  it.effect("only admins list members by KYC status, and each list holds only that status", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          const beforeSubmit = yield* kyc.listByStatus(asAdmin, "Details Saved")
          yield* kyc.submitForVerification(asAlice, alice)
          return {
            beforeSubmit: beforeSubmit.map((r) => r.memberId),
            saved: (yield* kyc.listByStatus(asAdmin, "Details Saved")).map((r) => r.memberId),
            pending: (yield* kyc.listByStatus(asAdmin, "Pending Verification")).map((r) => r.memberId),
            notForMembers: yield* Effect.flip(kyc.listByStatus(asAlice, "Pending Verification")),
          }
        }),
      )
      expect(result).toMatchObject({ beforeSubmit: [alice], saved: [], pending: [alice] })
      expect(result.notForMembers._tag).toBe("Forbidden")
    }),
  )

  it.effect("business members need the registration document before submitting", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* KycService
          const asAcme = memberActor(acme)
          yield* kyc.saveDetails(asAcme, acme, businessDetails)
          yield* kyc.uploadDocument(asAcme, acme, "passportFile", { fileName: "p.png", bytes: pngBytes })
          const refused = yield* Effect.flip(kyc.submitForVerification(asAcme, acme))
          yield* kyc.uploadDocument(asAcme, acme, "registrationDocument", {
            fileName: "reg.pdf",
            bytes: pdfBytes,
          })
          yield* kyc.uploadDocument(asAcme, acme, "businessOptionalDocument", {
            fileName: "vat.pdf",
            bytes: pdfBytes,
          })
          return { refused, submitted: yield* kyc.submitForVerification(asAcme, acme) }
        }),
      )
      expect(result.refused._tag === "KycIncomplete" && result.refused.missingFields).toEqual([
        "Registration Document",
      ])
      expect(result.submitted.kycInfo.kycStatus).toBe("Pending Verification")
      expect(result.submitted.kycInfo.businessInfo?.optionalDocument?.fileName).toBe("vat.pdf")
    }),
  )

  it.effect(
    "an admin's approval makes the member Verified, is audited with who, when and what, and emails the member",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const kyc = yield* aliceReady
            yield* kyc.submitForVerification(asAlice, alice)
            yield* TestClock.adjust(60_000)
            const view = yield* kyc.approve(asAdmin, alice)
            return {
              view,
              status: yield* kyc.statusOf(alice),
              audit: yield* (yield* AuditLog).list({ action: "kyc.approve" }),
              mail: yield* (yield* Mailer).queued,
            }
          }),
        )
        expect(result.view.kycInfo.kycStatus).toBe("Verified")
        expect(result.status).toBe("Verified")
        expect(result.audit).toEqual([
          {
            sequence: 1,
            actor: admin,
            action: "kyc.approve",
            subject: `member:${alice}`,
            details: { from: "Pending Verification", to: "Verified" },
            at: T0 + 60_000,
          },
        ])
        expect(result.mail).toEqual([
          { to: "alice@example.com", template: "kyc-verified", data: { firstName: "Alice" } },
        ])
      }),
  )

  it.effect("rejecting KYC emails the member the reason", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          yield* kyc.submitForVerification(asAlice, alice)
          const view = yield* kyc.reject(asAdmin, alice, "  The passport scan is unreadable  ")
          return {
            view,
            mail: yield* (yield* Mailer).queued,
            audit: yield* (yield* AuditLog).list({ subject: `member:${alice}` }),
          }
        }),
      )
      expect(result.view.kycInfo.kycStatus).toBe("Not Approved")
      expect(result.view.notApprovedReason).toBe("The passport scan is unreadable")
      expect(result.mail).toEqual([
        {
          to: "alice@example.com",
          template: "kyc-not-approved",
          data: { firstName: "Alice", reason: "The passport scan is unreadable" },
        },
      ])
      expect(result.audit).toMatchObject([
        {
          actor: admin,
          action: "kyc.reject",
          details: { reason: "The passport scan is unreadable", to: "Not Approved" },
        },
      ])
    }),
  )

  it.effect("refusing verification needs a reason of at most 1000 characters", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          yield* kyc.submitForVerification(asAlice, alice)
          return [
            yield* Effect.flip(kyc.reject(asAdmin, alice, "   ")),
            yield* Effect.flip(kyc.reject(asAdmin, alice, "x".repeat(1001))),
          ]
        }),
      )
      expect(errors.map((e) => e._tag)).toEqual(["InvalidKycReason", "InvalidKycReason"])
    }),
  )

  it.effect("a refused member fixes the details and submits again; the reason stays until Verified", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          yield* kyc.submitForVerification(asAlice, alice)
          yield* kyc.reject(asAdmin, alice, "Blurry passport")
          const unchanged = yield* Effect.flip(kyc.submitForVerification(asAlice, alice))
          const fixed = yield* kyc.uploadDocument(asAlice, alice, "passportFile", {
            fileName: "sharp.png",
            bytes: pngBytes,
          })
          const resubmitted = yield* kyc.submitForVerification(asAlice, alice)
          const verified = yield* kyc.approve(asAdmin, alice)
          return { unchanged, fixed, resubmitted, verified }
        }),
      )
      expect(result.unchanged._tag).toBe("InvalidKycTransition")
      expect(result.resubmitted.notApprovedReason).toBe("Blurry passport")
      expect(result.resubmitted.kycInfo.passport?.passportFile?.documentId).toBe(result.fixed.documentId)
      expect(result.verified.notApprovedReason).toBeUndefined()
    }),
  )

  it.effect("only admins decide, never on their own KYC, and only on a pending verification", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          const early = yield* Effect.flip(kyc.approve(asAdmin, alice))
          yield* kyc.submitForVerification(asAlice, alice)
          return [
            early,
            yield* Effect.flip(kyc.approve(asAlice, alice)),
            yield* Effect.flip(kyc.reject(memberActor(bob), alice, "no")),
            yield* Effect.flip(kyc.approve(adminActor(alice), alice)),
          ]
        }),
      )
      expect(errors.map((e) => e._tag)).toEqual([
        "InvalidKycTransition",
        "Forbidden",
        "Forbidden",
        "Forbidden",
      ])
      expect(errors[3]?.message).toBe("An admin cannot decide on their own KYC verification")
    }),
  )

  it.effect("changing verified details returns the member to Details Saved", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          yield* kyc.submitForVerification(asAlice, alice)
          yield* kyc.approve(asAdmin, alice)
          const same = yield* kyc.saveDetails(asAlice, alice, completeDetails)
          const changed = yield* kyc.saveDetails(asAlice, alice, {
            contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900999" },
          })
          return { same, changed }
        }),
      )
      expect(result.same.kycInfo.kycStatus).toBe("Verified")
      expect(result.changed.kycInfo.kycStatus).toBe("Details Saved")
    }),
  )

  it.effect("changing details while Pending Verification withdraws the submission", () =>
    Effect.gen(function* () {
      const view = yield* fresh(
        Effect.gen(function* () {
          const kyc = yield* aliceReady
          yield* kyc.submitForVerification(asAlice, alice)
          return yield* kyc.saveDetails(asAlice, alice, { optionalNote: "Moved house" })
        }),
      )
      expect(view.kycInfo.kycStatus).toBe("Details Saved")
    }),
  )

  it.effect("a member who never saved anything is UnVerified", () =>
    Effect.gen(function* () {
      const status = yield* fresh(
        Effect.gen(function* () {
          return yield* (yield* KycService).statusOf(bob)
        }),
      )
      expect(status).toBe("UnVerified")
    }),
  )
})

describe("KycService: property", () => {
  type Command =
    | { readonly kind: "save"; readonly note: string }
    | { readonly kind: "savePassport" }
    | { readonly kind: "upload" }
    | { readonly kind: "submit" }
    | { readonly kind: "approve" }
    | { readonly kind: "reject" }

  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ kind: fc.constant("save" as const), note: fc.constantFrom("a", "b") }),
    fc.constant({ kind: "savePassport" as const }),
    fc.constant({ kind: "upload" as const }),
    fc.constant({ kind: "submit" as const }),
    fc.constant({ kind: "approve" as const }),
    fc.constant({ kind: "reject" as const }),
  )

  const { passport: _passport, ...withoutPassport } = completeDetails

  it.effect(
    "any sequence of KYC commands only ever takes allowed transitions, and only typed errors refuse a command",
    () =>
      Effect.gen(function* () {
        yield* checkProperty(
          [fc.array(command, { maxLength: 25 })],
          (commands) =>
            fresh(
              Effect.gen(function* () {
                const kyc = yield* KycService
                let status = yield* kyc.statusOf(alice)
                for (const c of commands) {
                  const step: Effect.Effect<unknown, KycError> =
                    c.kind === "save"
                      ? kyc.saveDetails(asAlice, alice, { ...withoutPassport, optionalNote: c.note })
                      : c.kind === "savePassport"
                        ? kyc.saveDetails(asAlice, alice, { passport: completeDetails.passport! })
                        : c.kind === "upload"
                          ? kyc.uploadDocument(asAlice, alice, "passportFile", {
                              fileName: "p.pdf",
                              bytes: pdfBytes,
                            })
                          : c.kind === "submit"
                            ? kyc.submitForVerification(asAlice, alice)
                            : c.kind === "approve"
                              ? kyc.approve(asAdmin, alice)
                              : kyc.reject(asAdmin, alice, "Not clear")
                  const outcome = yield* Effect.result(step)
                  const next = yield* kyc.statusOf(alice)
                  if (outcome._tag === "Failure") expect(next).toBe(status)
                  if (next !== status) expect(isAllowedKycTransition(status, next)).toBe(true)
                  if (next === "Pending Verification" && status !== next) {
                    expect((yield* kyc.view(asAlice, alice)).missingFields).toEqual([])
                  }
                  status = next
                }
              }),
            ),
          { numRuns: 200 },
        )
      }),
  )
})
