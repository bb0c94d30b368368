import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { TestClock } from "effect/testing"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { MemberDirectory } from "../../src/kyc/ports/MemberDirectory.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { SalesChatStore } from "../../src/saleschat/ports/SalesChatStore.ts"
import { SalesChatMessage, SalesMessageInput } from "../../src/saleschat/SalesChatModel.ts"
import { SalesChatAudit, SalesChatEmail, SalesChatService } from "../../src/saleschat/SalesChatService.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"

const T0 = Date.UTC(2026, 4, 1)
const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")
const admin = MemberId.make("mem_admin")
const asAnn = memberActor(ann)
const asBen = memberActor(ben)
const asAdmin = adminActor(admin)

const makeLayer = () =>
  SalesChatService.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        SalesChatStore.layerMemory,
        AuditLog.layerMemory,
        Mailer.layerMemory,
        IdGenerator.layerSequential,
        MemberDirectory.layerMemory([
          { memberId: ann, email: "ann@example.com", firstName: "Ann", userType: "USER" },
          { memberId: ben, email: "ben@example.com", firstName: "Ben", userType: "USER" },
        ]),
      ),
    ),
  )
type R = SalesChatService | SalesChatStore | AuditLog | Mailer | IdGenerator | MemberDirectory
/** Runs `effect` over fresh in-memory stores, the test clock set to T0. */
const fresh = <A, E>(effect: Effect.Effect<A, E, R>) =>
  TestClock.setTime(T0).pipe(Effect.andThen(effect), Effect.provide(makeLayer()))
const withChat = <A, E>(f: (chat: SalesChatService["Service"]) => Effect.Effect<A, E>) =>
  SalesChatService.use(f)
const fails = <A, E>(effect: Effect.Effect<A, E, R>) =>
  fresh(Effect.flip(effect)) as Effect.Effect<{ _tag: string; message: string }, A>

describe("Sales chat", () => {
  it.effect("a member's message opens their thread, which then awaits the team's reply", () =>
    Effect.gen(function* () {
      const thread = yield* fresh(withChat((s) => s.post(asAnn, "  Can I buy 10,000 Units?  ")))
      expect(thread.awaitingReply).toBe(true)
      expect(thread.messages).toEqual([
        expect.objectContaining({
          from: "member",
          authorName: "Ann",
          text: "Can I buy 10,000 Units?",
          at: T0,
        }),
      ])
    }),
  )

  it.effect("a member never sees another member's thread", () =>
    Effect.gen(function* () {
      const bens = yield* fresh(
        Effect.gen(function* () {
          const chat = yield* SalesChatService
          yield* chat.post(asAnn, "Private question")
          return yield* chat.myThread(asBen)
        }),
      )
      expect(bens).toEqual({ memberId: ben, messages: [], awaitingReply: false })
    }),
  )

  it.effect("a blank or over-long message is refused with the form's words", () =>
    Effect.gen(function* () {
      expect(yield* fails(withChat((s) => s.post(asAnn, "   ")))).toMatchObject({
        _tag: "InvalidSalesMessage",
        message: SalesChatMessage.textRequired,
      })
      expect(yield* fails(withChat((s) => s.post(asAnn, "x".repeat(2001))))).toMatchObject({
        message: "A message must be at most 2,000 characters",
      })
    }),
  )

  it("the form's schema carries the same messages as the service", () => {
    const decode = Schema.decodeUnknownSync(SalesMessageInput)
    expect(decode({ text: " hello " })).toEqual({ text: "hello" })
    expect(() => decode({ text: "  " })).toThrow(SalesChatMessage.textRequired)
    expect(() => decode({ text: "y".repeat(2001) })).toThrow(SalesChatMessage.textMaxLength)
  })

  it.effect("only admins list waiting threads, read another's thread or reply", () =>
    Effect.gen(function* () {
      expect(yield* fails(withChat((s) => s.awaiting(asAnn)))).toMatchObject({ _tag: "Forbidden" })
      expect(yield* fails(withChat((s) => s.threadOfMember(asAnn, ben)))).toMatchObject({
        _tag: "Forbidden",
      })
      expect(yield* fails(withChat((s) => s.reply(asAnn, ben, "Ann", "hi")))).toMatchObject({
        _tag: "Forbidden",
      })
    }),
  )

  it.effect(
    "waiting threads are listed longest-waiting first until the team replies; the reply is audited and emailed",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const chat = yield* SalesChatService
            yield* chat.post(asBen, "First from Ben")
            yield* TestClock.adjust(1000)
            yield* chat.post(asAnn, "First from Ann")
            yield* TestClock.adjust(1000)
            yield* chat.post(asBen, "Second from Ben")
            const before = yield* chat.awaiting(asAdmin)
            yield* TestClock.adjust(1000)
            const replied = yield* chat.reply(asAdmin, ben, " Sam from Sales ", " Yes, you can. ")
            const after = yield* chat.awaiting(asAdmin)
            const audit = yield* (yield* AuditLog).list({ action: SalesChatAudit.reply })
            const mail = yield* (yield* Mailer).queued
            return { before, replied, after, audit, mail }
          }),
        )
        expect(result.before).toEqual([
          { memberId: ben, waitingSince: T0, unanswered: 2, lastText: "Second from Ben" },
          { memberId: ann, waitingSince: T0 + 1000, unanswered: 1, lastText: "First from Ann" },
        ])
        expect(result.replied.awaitingReply).toBe(false)
        expect(result.replied.messages.at(-1)).toMatchObject({
          from: "team",
          authorName: "Sam from Sales",
          adminId: admin,
          text: "Yes, you can.",
        })
        expect(result.after.map((s) => s.memberId)).toEqual([ann])
        expect(result.audit).toEqual([
          expect.objectContaining({ actor: admin, subject: `member:${ben}`, action: "saleschat.reply" }),
        ])
        expect(result.mail).toEqual([
          {
            to: "ben@example.com",
            template: SalesChatEmail.reply,
            data: { firstName: "Ben", authorName: "Sam from Sales", text: "Yes, you can." },
          },
        ])
      }),
  )

  it.effect("a reply needs a display name and an existing member", () =>
    Effect.gen(function* () {
      expect(yield* fails(withChat((s) => s.reply(asAdmin, ben, "  ", "hello")))).toMatchObject({
        _tag: "InvalidSalesMessage",
        message: SalesChatMessage.authorRequired,
      })
      expect(
        yield* fails(withChat((s) => s.reply(asAdmin, MemberId.make("mem_zed"), "Sam", "hello"))),
      ).toMatchObject({ _tag: "SalesChatMemberNotFound" })
    }),
  )
})
