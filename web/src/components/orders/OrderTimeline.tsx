/**
 * The order's timeline on its page (issue 21): every status change, oldest first, as the API gives it to the
 * member (`memberTimeline`): when (the app's date-time with its zone), from → to in the statuses' words of the
 * page's badge, who in words, and why where there is a reason. Core's TimelineWords.ts says the words.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { timelineActorWords, timelineStepWords } from "@landunits/core/format/TimelineWords.ts"
import type { MemberTimelineEntry } from "@landunits/core/orders/OrderTimeline.ts"
import type { OrderType } from "@landunits/core/shared/EnumValues.ts"
import "../../styles/orders.css"

export function OrderTimeline({
  timeline,
  orderType,
}: {
  readonly timeline: ReadonlyArray<MemberTimelineEntry>
  readonly orderType: OrderType
}) {
  if (timeline.length === 0) return null
  return (
    <section className="order-timeline" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">Timeline</h2>
      <ol>
        {timeline.map((entry) => (
          // One move from one status to another happens once at an instant.
          <li
            key={`${entry.at}:${entry.from ?? ""}:${entry.to}`}
            className="order-timeline__entry"
            data-status={entry.to}
          >
            <p className="order-timeline__step">{timelineStepWords(entry, orderType)}</p>
            <p className="order-timeline__meta">
              <time dateTime={entry.at}>{formatDateTimeZoned(entry.at)}</time>
              <span aria-hidden="true"> · </span>
              <span className="order-timeline__who">{timelineActorWords(entry.actor, orderType)}</span>
            </p>
            {entry.reason === undefined ? null : <p className="order-timeline__reason">{entry.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  )
}
