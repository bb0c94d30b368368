/**
 * An order's timeline in words (issue 21), as the member's order page shows it: each step with the statuses'
 * words of Labels.ts (the order's type included, as on the page's badge), and who moved it as the member may know
 * it (OrderTimeline.ts `memberTimeline`: "by you", "by an administrator", "by Stripe (event evt_…)", "automatic:
 * payment deadline"). Plain values, types only from the schema's module, so a page loads no schema for it.
 */
import type { OrderJobName, TimelineActorView } from "../orders/OrderTimeline.ts"
import type { OrderStatus, OrderType } from "../shared/EnumValues.ts"
import { orderStatusLabel } from "./Labels.ts"

/** What each system job does, in words. */
export const JOB_WORDS: Readonly<Record<OrderJobName, string>> = {
  paymentDeadline: "payment deadline",
  convertLock: "end of the 30-day lock",
}

const PROVIDER_NAMES: Readonly<Record<"stripe" | "square", string>> = {
  stripe: "Stripe",
  square: "Square",
}

/** Who moved the order, for the member reading it: "by you", "by an administrator", "automatic: payment deadline". */
export const timelineActorWords = (actor: TimelineActorView, orderType: OrderType): string => {
  switch (actor._tag) {
    case "You":
      return "by you"
    case "OtherMember":
      // Only the sender of a transfer the member received acts on an order that is not theirs.
      return orderType === "TRANSFER" ? "by the sender" : "by another member"
    case "Admin":
      return "by an administrator"
    case "Provider":
      return actor.eventId === undefined
        ? `by ${PROVIDER_NAMES[actor.provider]}`
        : `by ${PROVIDER_NAMES[actor.provider]} (event ${actor.eventId})`
    case "Job":
      return `automatic: ${JOB_WORDS[actor.name]}`
    case "Unknown":
      return "who: not recorded (made before timelines)"
  }
}

/** The step in words: "Placed: Awaiting payment" for the first, "Awaiting payment → Payment in progress" after. */
export const timelineStepWords = (
  step: { readonly from?: OrderStatus | undefined; readonly to: OrderStatus },
  orderType: OrderType,
): string =>
  step.from === undefined
    ? `Placed: ${orderStatusLabel(step.to, orderType)}`
    : `${orderStatusLabel(step.from, orderType)} → ${orderStatusLabel(step.to, orderType)}`
