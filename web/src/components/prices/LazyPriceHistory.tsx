/**
 * The price chart (PriceHistoryPanel), loaded only in the browser and only after the page is shown: the page's
 * own first load stays as it was, and a page rendered on the server shows the same placeholder it hydrates.
 * `whenNear`: loaded only once its place comes within a screen's reach (the buy page's chart, under the form):
 * a member who buys without scrolling down never waits for its code, its read or its drawing.
 */
import type { UnitType } from "@landunits/core/shared/EnumValues.ts"
import { lazy, Suspense, useEffect, useRef, useState } from "react"

const PriceHistoryPanel = lazy(() => import("./PriceHistoryPanel.tsx"))

/** How far below the screen the chart's place may be when it starts loading. */
const NEAR = "0px 0px 200px 0px"

export function LazyPriceHistory({
  initialUnit,
  unit,
  whenNear = false,
}: {
  readonly initialUnit: UnitType
  readonly unit?: UnitType | undefined
  readonly whenNear?: boolean
}) {
  const [shown, setShown] = useState(false)
  const place = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = place.current
    if (!whenNear || element === null || typeof IntersectionObserver === "undefined") {
      setShown(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true)
          observer.disconnect()
        }
      },
      { rootMargin: NEAR },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [whenNear])
  const placeholder = <p className="muted">Loading the price chart…</p>
  return (
    <div ref={place} data-price-chart="">
      {shown ? (
        <Suspense fallback={placeholder}>
          <PriceHistoryPanel initialUnit={initialUnit} unit={unit} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  )
}
