/**
 * The order's timeline on its page (issues 21 and 38): every status change, oldest first, as the API gives it to
 * the member (`memberTimeline`): when (the app's date-time with its zone), from → to in the statuses' words of
 * the page's badge, who in words, and why where there is a reason; and between them every step of the order's
 * payouts (each slice a buyer took, owed; ready to send; paid), so the timeline goes on past the first partial
 * sale. Core's TimelineWords.ts and PayoutWords.ts say the words.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { orderEvents, payoutStepActorWords, payoutStepWords } from "@landunits/core/format/PayoutWords.ts"
import { timelineActorWords, timelineStepWords } from "@landunits/core/format/TimelineWords.ts"
import type { MemberPayout } from "@landunits/core/orders/MemberPayouts.ts"
import type { MemberTimelineEntry } from "@landunits/core/orders/OrderTimeline.ts"
import type { OrderType } from "@landunits/core/shared/EnumValues.ts"

export function OrderTimeline({
  timeline,
  payouts = [],
  orderType,
}: {
  readonly timeline: ReadonlyArray<MemberTimelineEntry>
  readonly payouts?: ReadonlyArray<MemberPayout>
  readonly orderType: OrderType
}) {
  if (timeline.length === 0 && payouts.length === 0) return null
  return (
    <section className="order-timeline" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">Timeline</h2>
      <ol>
        {orderEvents(timeline, payouts).map((event) =>
          event.kind === "status" ? (
            // One move from one status to another happens once at an instant.
            <li
              key={`${event.at}:${event.entry.from ?? ""}:${event.entry.to}`}
              className="order-timeline__entry"
              data-status={event.entry.to}
            >
              <p className="order-timeline__step">{timelineStepWords(event.entry, orderType)}</p>
              <p className="order-timeline__meta">
                <time dateTime={event.at}>{formatDateTimeZoned(event.at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="order-timeline__who">
                  {timelineActorWords(event.entry.actor, orderType)}
                </span>
              </p>
              {event.entry.reason === undefined ? null : (
                <p className="order-timeline__reason">{event.entry.reason}</p>
              )}
            </li>
          ) : (
            // One step of one payout happens once.
            <li
              key={`${event.payout.payoutId}:${event.step}`}
              className="order-timeline__entry order-timeline__entry--payout"
              data-payout={event.step}
            >
              <p className="order-timeline__step">{payoutStepWords(event.step, event.payout, orderType)}</p>
              <p className="order-timeline__meta">
                <time dateTime={event.at}>{formatDateTimeZoned(event.at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="order-timeline__who">{payoutStepActorWords(event.step, orderType)}</span>
              </p>
            </li>
          ),
        )}
      </ol>
    </section>
  )
}
