/**
 * A unit type's price over time (issue 24) on the statistics page and the buy page: the daily price from the
 * published schedule, the days an admin changed it, and the rates a convert used. Loaded on its own (LazyPriceHistory)
 * so neither page's first load carries it; the chart is LineChart's SVG with its table for screen readers.
 */
import type { PriceHistory } from "@landunits/core/pricing/PricingModel.ts"
import { type UnitType, UnitTypes, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { useEffect, useId, useState } from "react"
import { errorMessage } from "../../api/client.ts"
import { api } from "../../api/endpoints.ts"
import { changeMarkers, pricePointsOf } from "../../lib/priceHistory.ts"
import { PRICE_PERIODS, type PricePeriod, periodStart } from "../../lib/pricePeriods.ts"
import { formatPrice, formatRate } from "../../lib/prices.ts"
import { LineChart } from "../shared/LineChart.tsx"

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "ok"; readonly history: PriceHistory }
  | { readonly state: "failed"; readonly message: string }

/**
 * The answers of the last minute, by unit type and first day: a page whose tree mounts again (hydration, a
 * revisit) asks once. A failed request is forgotten at once, so the next mount asks again.
 */
const recent = new Map<string, { readonly at: number; readonly answer: Promise<PriceHistory> }>()
const CACHE_MS = 60_000

const historyOf = (unit: UnitType, from: string): Promise<PriceHistory> => {
  const key = `${unit}|${from}`
  const cached = recent.get(key)
  if (cached !== undefined && Date.now() - cached.at < CACHE_MS) return cached.answer
  const answer = api.priceHistory(unit, from)
  recent.set(key, { at: Date.now(), answer })
  answer.catch(() => recent.delete(key))
  return answer
}

/** The latest rate of each pair in the period (what a convert out of this unit type used last). */
const latestRates = (history: PriceHistory) => {
  const byPair = new Map<string, PriceHistory["exchangeRates"][number]>()
  for (const r of history.exchangeRates) byPair.set(`${r.from}->${r.to}`, r)
  return [...byPair.values()]
}

/** `unit` set: the chart follows it (the buy form's unit type) and offers no choice of its own. */
export default function PriceHistoryPanel({
  initialUnit,
  unit: fixedUnit,
}: {
  readonly initialUnit: UnitType
  readonly unit?: UnitType | undefined
}) {
  const id = useId()
  const [chosenUnit, setUnit] = useState<UnitType>(initialUnit)
  const unit = fixedUnit ?? chosenUnit
  const [days, setDays] = useState<PricePeriod>(90)
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" })
  useEffect(() => {
    let current = true
    setLoaded({ state: "loading" })
    historyOf(unit, periodStart(days)).then(
      (history) => current && setLoaded({ state: "ok", history }),
      (error) => current && setLoaded({ state: "failed", message: errorMessage(error) }),
    )
    return () => {
      current = false
    }
  }, [unit, days])
  return (
    <div className="price-history">
      <form
        className="inline-form chart-controls"
        aria-label="Price chart options"
        onSubmit={(e) => e.preventDefault()}
      >
        {fixedUnit !== undefined ? null : (
          <div className="field">
            <label htmlFor={`${id}-unit`}>Unit type</label>
            <select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.target.value as UnitType)}>
              {UnitTypes.map((u) => (
                <option key={u} value={u}>
                  {unitDisplayName(u)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-days`}>Period</label>
          <select
            id={`${id}-days`}
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as PricePeriod)}
          >
            {PRICE_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
      </form>
      {loaded.state === "loading" ? (
        <p className="muted" aria-live="polite">
          Loading the prices…
        </p>
      ) : loaded.state === "failed" ? (
        <p className="form-error" role="alert">
          The prices could not be loaded: {loaded.message}
        </p>
      ) : (
        <PriceHistoryFigures history={loaded.history} />
      )}
    </div>
  )
}

function PriceHistoryFigures({ history }: { readonly history: PriceHistory }) {
  const rates = latestRates(history)
  return (
    <>
      <LineChart
        title={`Price of one ${unitDisplayName(history.unitType)}`}
        points={pricePointsOf(history)}
        format={(v) => formatPrice(Math.round(v), history.currency)}
        valueLabel="Price per Unit"
        empty="No price was published for this unit type in this period."
        markers={changeMarkers(history)}
      />
      <p className="muted small">
        Each day's price follows the published schedule: a base price growing by a fixed rate a year,
        recomputed every day (UTC).{" "}
        {history.changes.length === 0
          ? "The schedule did not change in this period."
          : `It changed ${history.changes.length === 1 ? "once" : `${history.changes.length} times`} in this period (dashed lines; the table says how).`}
      </p>
      {rates.length === 0 ? null : (
        <>
          <h3>Exchange rates for converts</h3>
          <p className="muted small">
            What a conversion out of {unitDisplayName(history.unitType)} used on the last day of the period;
            every day's rate is in the API's answer (GET /api/prices/history).
          </p>
          <ul className="chart__legend">
            {rates.map((r) => (
              <li key={`${r.from}-${r.to}`}>
                1 {r.from} = {formatRate(r.rate)} {r.to}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
