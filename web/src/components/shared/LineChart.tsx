/**
 * A small line chart in hand-written SVG (no chart library: the dashboard's first load stays light).
 * Accessible: the SVG is an image named by the chart's title with a one-sentence summary as its
 * description, and the same figures are offered as a table (a text alternative that screen readers and
 * keyboard users can read row by row). Markers (issue 24): a member's purchases as rings at their price, and the
 * days an admin changed the price schedule as dashed lines; each is also written in the table's "On this day"
 * column, so nothing drawn is only drawn.
 */
import { formatDate } from "@landunits/core/format/Format.ts"
import { useId } from "react"
import { useMediaQuery } from "../../lib/mediaQuery.ts"
import { ScrollRegion } from "../layout/ScrollRegion.tsx"

export interface ChartPoint {
  /** yyyy-mm-dd (UTC). */
  readonly day: string
  readonly value: number
}

/** Something marked on a day of the chart: a purchase at its price, or a change of the price schedule. */
export interface ChartMarker {
  readonly day: string
  readonly kind: "purchase" | "change"
  /** Where a purchase's ring sits (its price); a change is a line across the chart. */
  readonly value: number
  /** What it was, in words (the table's "On this day" column). */
  readonly label: string
}

const MARKER_WORDS: Readonly<Record<ChartMarker["kind"], string>> = {
  purchase: "Your purchase",
  change: "Price schedule changed",
}

interface Props {
  readonly title: string
  readonly points: ReadonlyArray<ChartPoint>
  /** How a value reads (axis, summary and table). */
  readonly format: (value: number) => string
  readonly valueLabel: string
  /** Shown instead of the chart when there is nothing to draw. */
  readonly empty: string
  readonly markers?: ReadonlyArray<ChartMarker>
}

const HEIGHT = 220
const PAD = { top: 12, right: 16, bottom: 28, left: 84 }
/** Below this width the chart is drawn narrower, so its 12 px labels stay about 10 px or more on a phone. */
const NARROW_QUERY = "(max-width: 600px)"

const useChartWidth = () => (useMediaQuery(NARROW_QUERY) ? 360 : 640)

/**
 * The y-axis range: the data's, widened a little so a flat line sits mid-chart; never below zero when no value
 * is (a portfolio that starts at nothing has no negative axis label).
 */
export const chartRange = (values: ReadonlyArray<number>): { min: number; max: number } => {
  const min = Math.min(...values)
  const max = Math.max(...values)
  // A series that never goes below zero (prices, values, units) keeps its axis at zero or above.
  const floor = min >= 0 ? 0 : Number.NEGATIVE_INFINITY
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.05
    return { min: Math.max(floor, min - pad), max: max + pad }
  }
  const pad = (max - min) * 0.08
  return { min: Math.max(floor, min - pad), max: max + pad }
}

/** One sentence that says what the chart shows: first and last value, lowest and highest. */
export const chartSummary = (points: ReadonlyArray<ChartPoint>, format: (v: number) => string): string => {
  if (points.length === 0) return "No figures."
  const first = points[0] as ChartPoint
  const last = points[points.length - 1] as ChartPoint
  const values = points.map((p) => p.value)
  return `From ${format(first.value)} on ${formatDate(`${first.day}T00:00:00Z`)} to ${format(last.value)} on ${formatDate(`${last.day}T00:00:00Z`)}; lowest ${format(Math.min(...values))}, highest ${format(Math.max(...values))}.`
}

export function LineChart({ title, points, format, valueLabel, empty, markers = [] }: Props) {
  const id = useId()
  const WIDTH = useChartWidth()
  if (points.length === 0) {
    return (
      <figure className="chart">
        <figcaption className="chart__title">{title}</figcaption>
        <p className="muted">{empty}</p>
      </figure>
    )
  }
  const indexOf = new Map(points.map((p, i) => [p.day, i]))
  const shown = markers.filter((m) => indexOf.has(m.day))
  const { min, max } = chartRange([
    ...points.map((p) => p.value),
    ...shown.filter((m) => m.kind === "purchase").map((m) => m.value),
  ])
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i / (points.length - 1)) * innerW)
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH
  const line = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join("")
  const area = `${line}L${x(points.length - 1).toFixed(1)},${PAD.top + innerH}L${x(0).toFixed(1)},${PAD.top + innerH}Z`
  const ticks = [0, 1, 2, 3].map((i) => min + ((max - min) * i) / 3)
  const xLabels =
    points.length === 1
      ? [0]
      : WIDTH < 640
        ? [0, points.length - 1]
        : [0, Math.floor((points.length - 1) / 2), points.length - 1]
  const summary = chartSummary(points, format)
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption className="chart__title" id={`${id}-title`}>
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-svg-title`}
        aria-describedby={`${id}-desc`}
        className="chart__svg"
      >
        <title id={`${id}-svg-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="chart__grid" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className="chart__label">
              {format(t)}
            </text>
          </g>
        ))}
        {xLabels.map((i) => (
          <text
            key={i}
            x={x(i)}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"}
            className="chart__label"
          >
            {formatDate(`${(points[i] as ChartPoint).day}T00:00:00Z`)}
          </text>
        ))}
        <path d={area} className="chart__area" />
        <path d={line} className="chart__line" />
        {shown.map((m) => {
          const cx = x(indexOf.get(m.day) as number)
          return m.kind === "change" ? (
            <line
              key={`${m.kind}-${m.day}-${m.label}`}
              x1={cx}
              x2={cx}
              y1={PAD.top}
              y2={PAD.top + innerH}
              className="chart__marker--change"
            />
          ) : (
            <circle
              key={`${m.kind}-${m.day}-${m.label}`}
              cx={cx}
              cy={y(m.value)}
              r={5}
              className="chart__marker--purchase"
            />
          )
        })}
      </svg>
      {shown.length === 0 ? null : (
        <ul className="chart__legend">
          {shown.some((m) => m.kind === "purchase") ? (
            <li>
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                <circle cx="7" cy="7" r="5" className="chart__marker--purchase" />
              </svg>
              Your purchases, at the price you paid
            </li>
          ) : null}
          {shown.some((m) => m.kind === "change") ? (
            <li>
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                <line x1="7" x2="7" y1="0" y2="14" className="chart__marker--change" />
              </svg>
              A change of the price schedule
            </li>
          ) : null}
        </ul>
      )}
      <p className="chart__summary">{summary}</p>
      <details className="chart__table">
        <summary>Show the figures as a table</summary>
        <ScrollRegion label={`${title}: figures`}>
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">{valueLabel}</th>
                {shown.length === 0 ? null : <th scope="col">On this day</th>}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <th scope="row">{formatDate(`${p.day}T00:00:00Z`)}</th>
                  <td>{format(p.value)}</td>
                  {shown.length === 0 ? null : (
                    <td>
                      {shown
                        .filter((m) => m.day === p.day)
                        .map((m) => `${MARKER_WORDS[m.kind]}: ${m.label}`)
                        .join("; ")}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  )
}
