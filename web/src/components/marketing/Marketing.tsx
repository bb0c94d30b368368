/**
 * The sections the home, landing and business pages share (spec §1, §2), also used alone by /faq, /about-us and
 * /rocket1. The contact block with its newsletter form is ContactBlock.tsx: a form loads Effect's Schema, which
 * these pages do not need.
 */
import type { FaqEntry } from "@landunits/core/content/ContentModel.ts"
import { formatPercent } from "@landunits/core/format/Format.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import { Link } from "@tanstack/react-router"
import type { Settled } from "../../api/endpoints.ts"
import {
  ABOUT_US,
  CLAIMS,
  HOW_IT_WORKS,
  REPORT_2025_URL,
  SUSTAINABLE_ACTIVITIES,
} from "../../content/site.ts"
import { landValueFigures } from "../../lib/figures.ts"
import { Empty } from "../layout/Page.tsx"
import { Tooltip } from "../shared/Tooltip.tsx"

export function HowItWorks() {
  return (
    <section className="section" aria-labelledby="how-title">
      <div className="container">
        <p className="eyebrow">Four steps</p>
        <h2 id="how-title">How does it work?</h2>
        <ol className="grid grid--4" style={{ listStyle: "none", padding: 0 }}>
          {HOW_IT_WORKS.map((step, i) => (
            <li key={step.title} className="card">
              <span className="card__num" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

export function Claims() {
  return (
    <section className="section section--green" aria-labelledby="claims-title">
      <div className="container">
        <h2 id="claims-title">Clear fees, real land</h2>
        <ul className="claims">
          {CLAIMS.map((c) => (
            <li key={c.text}>
              <strong>{c.figure}</strong>
              {c.text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * Land value in GBP, USD and EUR (spec §2): every project's land value converted to GBP at today's rates,
 * then to USD and EUR (GET /api/market/statistics, totalAmountsConvertedFromGBP). When the figures cannot be
 * loaded the block says so; it never shows a number it does not have.
 */
export function StatisticsBlock({ statistics }: { readonly statistics: Settled<Statistics> }) {
  return (
    <section className="section section--tint" aria-labelledby="stats-title">
      <div className="container">
        <p className="eyebrow">Statistics</p>
        <h2 id="stats-title">
          Land value under management{" "}
          <Tooltip label="About land value">
            The valuation of the land bought with members' purchases, across every project, converted at
            today's exchange rates.
          </Tooltip>
        </h2>
        {statistics.ok ? (
          <>
            <dl className="grid grid--3 stats">
              {landValueFigures(statistics.value).map((f) => (
                <div className="card stat" key={f.currency}>
                  <dt>{f.label}</dt>
                  <dd data-testid={`land-value-${f.currency}`}>{f.value}</dd>
                </div>
              ))}
            </dl>
            <p className="muted" style={{ marginTop: 12 }}>
              Unit prices grow {formatPercent(statistics.value.landUnitStats.growthPerYearPercent)} a year.
            </p>
          </>
        ) : (
          <p className="form-error" role="alert">
            The land values could not be loaded: {statistics.message}
          </p>
        )}
        <p style={{ marginTop: 16 }}>
          <Link to="/statistics">See all statistics</Link>
        </p>
      </div>
    </section>
  )
}

export function Faq({
  entries,
  headingId = "faq",
}: {
  readonly entries: ReadonlyArray<FaqEntry>
  readonly headingId?: string
}) {
  return (
    <div className="faq">
      {entries.length === 0 ? (
        <Empty>No questions have been published yet.</Empty>
      ) : (
        [...entries]
          .sort((a, b) => a.order - b.order)
          .map((e) => (
            <details key={`${headingId}-${e.order}-${e.question}`}>
              <summary>{e.question}</summary>
              <p>{e.answer}</p>
            </details>
          ))
      )}
    </div>
  )
}

export function AboutUs() {
  return (
    <section className="section" id="about-us" aria-labelledby="about-title">
      <div className="container grid grid--2">
        <div>
          <p className="eyebrow">About Us</p>
          <h2 id="about-title">Sustainability costs become an income</h2>
          {ABOUT_US.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <a className="btn btn--ghost" href={REPORT_2025_URL} download>
            Download the 2025 report
          </a>
        </div>
        <div>
          <h3 id="activities-title">Sustainable Activities</h3>
          <ul
            className="grid"
            style={{ listStyle: "none", padding: 0, gap: 12 }}
            aria-labelledby="activities-title"
          >
            {SUSTAINABLE_ACTIVITIES.map((a) => (
              <li className="card" key={a.title}>
                <strong>{a.title}</strong>
                <p className="muted" style={{ margin: 0 }}>
                  {a.text}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
