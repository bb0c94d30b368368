/**
 * Each order's timeline (issue 21): every status the order entered, with the status it left, the instant, who
 * moved it and why. It is stored with the order (`OrderRecord.timeline`, oldest first): the first entry is the
 * order's creation (Initiated, no `from`), each later one a move of the transition table (OrderTransitions.ts),
 * appended by `moveTo` and nothing else, so an order has exactly one entry per status change.
 *
 * Who (`OrderActor`) is named by the command, from the place that knows: the member behind a session, the admin
 * behind the CLI's `--as` (id, name and email as they were then), the card provider's event, or the job that
 * ran. Orders stored before timelines existed were given their old status history with an `Unknown` actor
 * (migration 2710).
 *
 * A member never reads the stored actors: `memberTimeline` gives the member's view, which names no other member
 * and no admin (docs/decisions.md, "Each order's timeline").
 */
import { Schema } from "effect"
import { OrderStatus } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"
import { PaymentProvider } from "./PaymentProviders.ts"

/** The system jobs that move orders: the payment deadline of unpaid buys, the end of a convert's lock. */
export const OrderJobName = Schema.Literals(["paymentDeadline", "convertLock"])
export type OrderJobName = typeof OrderJobName.Type

export const ActorMember = Schema.TaggedStruct("Member", { memberId: MemberId })
export type ActorMember = typeof ActorMember.Type

/** An admin, as their account read when they acted (the CLI's `--as`). */
export const ActorAdmin = Schema.TaggedStruct("Admin", {
  adminId: MemberId,
  name: Schema.String,
  email: Schema.String,
})
export type ActorAdmin = typeof ActorAdmin.Type

/** A card provider's verified webhook event. */
export const ActorProvider = Schema.TaggedStruct("Provider", {
  provider: PaymentProvider,
  eventId: Schema.String,
})
export type ActorProvider = typeof ActorProvider.Type

export const ActorJob = Schema.TaggedStruct("Job", { name: OrderJobName })
export type ActorJob = typeof ActorJob.Type

/** A move recorded before timelines existed: its instant and statuses are known, its actor is not. */
export const ActorUnknown = Schema.TaggedStruct("Unknown", {})
export type ActorUnknown = typeof ActorUnknown.Type

/** Who moved an order. */
export const OrderActor = Schema.Union([ActorMember, ActorAdmin, ActorProvider, ActorJob, ActorUnknown])
export type OrderActor = typeof OrderActor.Type

export const byMember = (memberId: MemberId): ActorMember => ({ _tag: "Member", memberId })
export const byAdmin = (admin: {
  readonly adminId: MemberId
  readonly name: string
  readonly email: string
}) => ({ _tag: "Admin", ...admin }) satisfies ActorAdmin
export const byProvider = (provider: ActorProvider["provider"], eventId: string): ActorProvider => ({
  _tag: "Provider",
  provider,
  eventId,
})
export const byJob = (name: OrderJobName): ActorJob => ({ _tag: "Job", name })

/** One status change: at epoch milliseconds (UTC), from → to, by whom, and why when there is a reason. */
export const TimelineEntry = Schema.Struct({
  at: Schema.Int,
  /** The status left; absent on the first entry (the order was created in `to`). */
  from: Schema.optionalKey(OrderStatus),
  to: OrderStatus,
  actor: OrderActor,
  /** Written for the order's member to read (docs/decisions.md): never another member's data. */
  reason: Schema.optionalKey(Schema.String),
})
export type TimelineEntry = typeof TimelineEntry.Type

/** Who moves an order and why: what a command gives each status change it makes. */
export interface StatusCause {
  readonly actor: OrderActor
  readonly reason?: string | undefined
}

/** The entry of a move at `at`, the reason left out when there is none. */
export const timelineEntry = (
  from: OrderStatus | undefined,
  to: OrderStatus,
  at: number,
  cause: StatusCause,
): TimelineEntry => ({
  at,
  ...(from === undefined ? {} : { from }),
  to,
  actor: cause.actor,
  ...(cause.reason === undefined || cause.reason.trim() === "" ? {} : { reason: cause.reason.trim() }),
})

// ---------------------------------------------------------------------------------------------------------
// What a member sees.

/**
 * Who moved the order, as the member reading it may know: themselves, another member (the sender of a transfer
 * they received), an administrator (never which one), the provider (its event id only on the member's own
 * buy, the payment it was about), a job, or unknown.
 */
export const TimelineActorView = Schema.Union([
  Schema.TaggedStruct("You", {}),
  Schema.TaggedStruct("OtherMember", {}),
  Schema.TaggedStruct("Admin", {}),
  Schema.TaggedStruct("Provider", {
    provider: PaymentProvider,
    eventId: Schema.optionalKey(Schema.String),
  }),
  Schema.TaggedStruct("Job", { name: OrderJobName }),
  Schema.TaggedStruct("Unknown", {}),
])
export type TimelineActorView = typeof TimelineActorView.Type

/** One entry of the member's view: the instant as ISO 8601 (UTC), like the order's createdAt. */
export const MemberTimelineEntry = Schema.Struct({
  at: Schema.String,
  from: Schema.optionalKey(OrderStatus),
  to: OrderStatus,
  actor: TimelineActorView,
  reason: Schema.optionalKey(Schema.String),
})
export type MemberTimelineEntry = typeof MemberTimelineEntry.Type

interface TimelineOf {
  readonly memberId: MemberId
  readonly orderType: string
  readonly timeline: ReadonlyArray<TimelineEntry>
}

const actorSeenBy = (order: TimelineOf, viewer: MemberId, actor: OrderActor): TimelineActorView => {
  switch (actor._tag) {
    case "Member":
      return actor.memberId === viewer ? { _tag: "You" } : { _tag: "OtherMember" }
    case "Admin":
      return { _tag: "Admin" }
    case "Provider":
      return order.orderType === "BUY" && order.memberId === viewer
        ? { _tag: "Provider", provider: actor.provider, eventId: actor.eventId }
        : { _tag: "Provider", provider: actor.provider }
    case "Job":
      return { _tag: "Job", name: actor.name }
    case "Unknown":
      return { _tag: "Unknown" }
  }
}

/** The order's timeline as `viewer` (its member, or the recipient of a transfer) may read it, oldest first. */
export const memberTimeline = (order: TimelineOf, viewer: MemberId): ReadonlyArray<MemberTimelineEntry> =>
  order.timeline.map((entry) => ({
    at: new Date(entry.at).toISOString(),
    ...(entry.from === undefined ? {} : { from: entry.from }),
    to: entry.to,
    actor: actorSeenBy(order, viewer, entry.actor),
    ...(entry.reason === undefined ? {} : { reason: entry.reason }),
  }))
