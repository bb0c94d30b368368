/**
 * The price chart (PriceHistoryPanel), loaded only in the browser and only after the page is shown: the page's
 * own first load stays as it was, and a page rendered on the server shows the same placeholder it hydrates.
 */
import type { UnitType } from "@landunits/core/shared/EnumValues.ts"
import { lazy, Suspense, useEffect, useState } from "react"

const PriceHistoryPanel = lazy(() => import("./PriceHistoryPanel.tsx"))

export function LazyPriceHistory({
  initialUnit,
  unit,
}: {
  readonly initialUnit: UnitType
  readonly unit?: UnitType | undefined
}) {
  const [shown, setShown] = useState(false)
  useEffect(() => setShown(true), [])
  const placeholder = <p className="muted">Loading the price chart…</p>
  return shown ? (
    <Suspense fallback={placeholder}>
      <PriceHistoryPanel initialUnit={initialUnit} unit={unit} />
    </Suspense>
  ) : (
    placeholder
  )
}
