/**
 * The sales chat (spec §2 /dashboard/saleschat): one message thread per member with the sales team. The member
 * writes from the dashboard; admins answer through the CLI under a display name (docs/decisions.md).
 */
import { Schema } from "effect"
import { formatNumber0 } from "../format/Format.ts"
import { MemberId } from "../shared/Ids.ts"
import { maxLength, requiredText } from "../validation/Fields.ts"

export const SalesMessageId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("SalesMessageId"))
export type SalesMessageId = typeof SalesMessageId.Type

/** Who wrote a message: the member, or the sales team. */
export const SalesMessageFrom = Schema.Literals(["member", "team"])
export type SalesMessageFrom = typeof SalesMessageFrom.Type

export const SalesMessage = Schema.Struct({
  messageId: SalesMessageId,
  /** The member whose thread this is (also for the team's replies). */
  memberId: MemberId,
  from: SalesMessageFrom,
  /** The name the member sees: the member's own messages say "You" in the page; the team's carry the admin's name. */
  authorName: Schema.String,
  /** The admin who wrote a team reply (kept for the audit trail; not shown to the member). */
  adminId: Schema.optionalKey(MemberId),
  text: Schema.String,
  /** Epoch milliseconds. */
  at: Schema.Int,
})
export type SalesMessage = typeof SalesMessage.Type

/** A member's thread as the member (or an admin) sees it: oldest message first. */
export const SalesThread = Schema.Struct({
  memberId: MemberId,
  messages: Schema.Array(SalesMessage),
  /** True when the last message is the member's: the team owes an answer. */
  awaitingReply: Schema.Boolean,
})
export type SalesThread = typeof SalesThread.Type

/** One line of the admins' list of threads waiting for an answer. */
export const SalesThreadSummary = Schema.Struct({
  memberId: MemberId,
  /** The first member message not yet answered: how long the member has waited. */
  waitingSince: Schema.Int,
  /** Member messages since the team's last reply. */
  unanswered: Schema.Int,
  lastText: Schema.String,
})
export type SalesThreadSummary = typeof SalesThreadSummary.Type

export const SALES_MESSAGE_MAX = 2000

/** The messages of the sales chat form (spec silent; the house's words). */
export const SalesChatMessage = {
  textRequired: "Please write a message",
  textMaxLength: `A message must be at most ${formatNumber0(SALES_MESSAGE_MAX)} characters`,
  authorRequired: "Give the name the member will see",
} as const

/** What the member (or an admin replying) sends: the text, trimmed, 1 to 2,000 characters. */
export const SalesMessageInput = Schema.Struct({
  text: requiredText(
    SalesChatMessage.textRequired,
    maxLength(SALES_MESSAGE_MAX, SalesChatMessage.textMaxLength),
  ),
})
export type SalesMessageInput = typeof SalesMessageInput.Type

/** The thread of `memberId` from its messages (oldest first). */
export const threadOf = (memberId: MemberId, messages: ReadonlyArray<SalesMessage>): SalesThread => ({
  memberId,
  messages,
  awaitingReply: messages.length > 0 && messages[messages.length - 1]!.from === "member",
})

/** The summary of a thread waiting for the team, or undefined when the team spoke last (or nobody spoke). */
export const awaitingSummary = (thread: SalesThread): SalesThreadSummary | undefined => {
  if (!thread.awaitingReply) return undefined
  let first = thread.messages.length - 1
  while (first > 0 && thread.messages[first - 1]!.from === "member") first--
  const unansweredMessages = thread.messages.slice(first)
  return {
    memberId: thread.memberId,
    waitingSince: unansweredMessages[0]!.at,
    unanswered: unansweredMessages.length,
    lastText: unansweredMessages[unansweredMessages.length - 1]!.text,
  }
}

/** A message as the member is shown it: without the id of the admin who wrote a team reply. */
export const SalesMessageView = SalesMessage.mapFields(({ adminId: _, ...fields }) => fields)
export type SalesMessageView = typeof SalesMessageView.Type

export const SalesThreadView = Schema.Struct({
  memberId: MemberId,
  messages: Schema.Array(SalesMessageView),
  awaitingReply: Schema.Boolean,
})
export type SalesThreadView = typeof SalesThreadView.Type

/** The member's view of their thread. */
export const memberView = (thread: SalesThread): SalesThreadView => ({
  ...thread,
  messages: thread.messages.map(({ adminId: _, ...message }) => message),
})
