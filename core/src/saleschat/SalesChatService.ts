import { Clock, Context, Effect, Layer, Option } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { recordAudit } from "../audit/Audit.ts"
import { auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { MemberDirectory } from "../kyc/ports/MemberDirectory.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { SalesChatStore } from "./ports/SalesChatStore.ts"
import { InvalidSalesMessage, SalesChatMemberNotFound } from "./SalesChatErrors.ts"
import {
  awaitingSummary,
  SALES_MESSAGE_MAX,
  SalesChatMessage,
  type SalesMessage,
  SalesMessageId,
  type SalesThread,
  type SalesThreadSummary,
  threadOf,
} from "./SalesChatModel.ts"

/** The audit action of a team reply, and the email the member is sent. */
export const SalesChatAudit = { reply: "saleschat.reply" } as const
export const SalesChatEmail = { reply: "saleschat-reply" } as const

/** The text trimmed, or the rule it breaks (the same words as SalesMessageInput's). */
const checkedText = (text: string) => {
  const trimmed = text.trim()
  if (trimmed.length === 0)
    return Effect.fail(new InvalidSalesMessage({ message: SalesChatMessage.textRequired }))
  if (trimmed.length > SALES_MESSAGE_MAX) {
    return Effect.fail(new InvalidSalesMessage({ message: SalesChatMessage.textMaxLength }))
  }
  return Effect.succeed(trimmed)
}

/**
 * The sales chat (spec §2 /dashboard/saleschat; docs/decisions.md): a member reads and writes only their own
 * thread; admins list the threads waiting for an answer, read any thread and reply under a display name. Each
 * reply is audited and the member is emailed (through the outbox).
 */
export class SalesChatService extends Context.Service<
  SalesChatService,
  {
    readonly myThread: (actor: Actor) => Effect.Effect<SalesThread>
    readonly post: (actor: Actor, text: string) => Effect.Effect<SalesThread, InvalidSalesMessage>
    /** Admins: the threads whose last message is the member's, longest waiting first. */
    readonly awaiting: (actor: Actor) => Effect.Effect<ReadonlyArray<SalesThreadSummary>, Forbidden>
    readonly threadOfMember: (
      actor: Actor,
      memberId: MemberId,
    ) => Effect.Effect<SalesThread, Forbidden | SalesChatMemberNotFound>
    readonly reply: (
      actor: Actor,
      memberId: MemberId,
      authorName: string,
      text: string,
    ) => Effect.Effect<SalesThread, Forbidden | SalesChatMemberNotFound | InvalidSalesMessage>
  }
>()("@landunits/core/saleschat/SalesChatService") {
  static readonly layer = Layer.effect(SalesChatService)(
    Effect.gen(function* () {
      const store = yield* SalesChatStore
      const directory = yield* MemberDirectory
      const mailer = yield* Mailer
      const ids = yield* IdGenerator
      const auditLog = yield* AuditLog

      const requireAdmin = (actor: Actor) =>
        actor.isAdmin
          ? Effect.void
          : Effect.fail(
              new Forbidden({ message: "Only admins can read or answer other members' sales chats" }),
            )

      const contactOf = (memberId: MemberId) =>
        Effect.flatMap(directory.contact(memberId), (found) =>
          Option.match(found, {
            onNone: () => Effect.fail(new SalesChatMemberNotFound({ message: `No member ${memberId}` })),
            onSome: Effect.succeed,
          }),
        )

      const threadFor = (memberId: MemberId) =>
        Effect.map(store.thread(memberId), (m) => threadOf(memberId, m))

      const myThread = Effect.fn("SalesChatService.myThread")(function* (actor: Actor) {
        return yield* threadFor(actor.memberId)
      })

      const post = Effect.fn("SalesChatService.post")(function* (actor: Actor, text: string) {
        const checked = yield* checkedText(text)
        const contact = yield* directory.contact(actor.memberId)
        const message: SalesMessage = {
          messageId: SalesMessageId.make(yield* ids.next("smsg")),
          memberId: actor.memberId,
          from: "member",
          authorName: Option.match(contact, { onNone: () => "Member", onSome: (c) => c.firstName }),
          text: checked,
          at: yield* Clock.currentTimeMillis,
        }
        yield* store.append(message)
        return yield* threadFor(actor.memberId)
      })

      const awaiting = Effect.fn("SalesChatService.awaiting")(function* (actor: Actor) {
        yield* requireAdmin(actor)
        const summaries: Array<SalesThreadSummary> = []
        for (const messages of yield* store.awaitingThreads) {
          const summary = awaitingSummary(threadOf(messages[0]!.memberId, messages))
          if (summary !== undefined) summaries.push(summary)
        }
        return summaries.sort((a, b) => a.waitingSince - b.waitingSince)
      })

      const threadOfMember = Effect.fn("SalesChatService.threadOfMember")(function* (
        actor: Actor,
        memberId: MemberId,
      ) {
        yield* requireAdmin(actor)
        yield* contactOf(memberId)
        return yield* threadFor(memberId)
      })

      const reply = Effect.fn("SalesChatService.reply")(function* (
        actor: Actor,
        memberId: MemberId,
        authorName: string,
        text: string,
      ) {
        yield* requireAdmin(actor)
        const name = authorName.trim()
        if (name.length === 0)
          return yield* new InvalidSalesMessage({ message: SalesChatMessage.authorRequired })
        const checked = yield* checkedText(text)
        const contact = yield* contactOf(memberId)
        const message: SalesMessage = {
          messageId: SalesMessageId.make(yield* ids.next("smsg")),
          memberId,
          from: "team",
          authorName: name.slice(0, 100),
          adminId: actor.memberId,
          text: checked,
          at: yield* Clock.currentTimeMillis,
        }
        yield* store.append(message)
        yield* recordAudit(actor.memberId, SalesChatAudit.reply, auditSubject.member(memberId), {
          messageId: message.messageId,
          authorName: message.authorName,
        }).pipe(Effect.provideService(AuditLog, auditLog))
        yield* mailer.enqueue({
          to: contact.email,
          template: SalesChatEmail.reply,
          data: { firstName: contact.firstName, authorName: message.authorName, text: checked },
        })
        return yield* threadFor(memberId)
      })

      return SalesChatService.of({ myThread, post, awaiting, threadOfMember, reply })
    }),
  )
}
