import { type ReactNode, useEffect, useRef, useState } from "react"

/** Which sides of a scroll frame have more of the table beyond them. */
type Overflow = { readonly before: boolean; readonly after: boolean }

const NONE: Overflow = { before: false, after: false }

const overflowOf = (el: HTMLElement): Overflow => ({
  before: el.scrollLeft > 1,
  after: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
})

/**
 * A wide table's horizontal scroll frame. When the table is wider than the frame (on a phone), the frame says
 * so: a shadow on each side that has more columns beyond it, and a line under it ("Scroll sideways for more
 * columns"), both following the scroll position. It can take the focus (and is a named region), so keyboard
 * users can scroll it with the arrow keys: WCAG 2.1.1, axe's scrollable-region-focusable. The first render
 * (also the pre-rendered HTML) claims no overflow; the browser measures it once mounted and on every resize.
 */
export function ScrollRegion({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const ref = useRef<HTMLElement>(null)
  const [overflow, setOverflow] = useState<Overflow>(NONE)
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const measure = () =>
      setOverflow((was) => {
        const now = overflowOf(el)
        return now.before === was.before && now.after === was.after ? was : now
      })
    measure()
    el.addEventListener("scroll", measure, { passive: true })
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure)
    observer?.observe(el)
    const table = el.firstElementChild
    if (table !== null) observer?.observe(table)
    return () => {
      el.removeEventListener("scroll", measure)
      observer?.disconnect()
    }
  }, [])
  const scrolls = overflow.before || overflow.after
  return (
    <>
      <div className="table-frame">
        <section
          ref={ref}
          className="table-scroll"
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
          tabIndex={0}
          data-more-before={overflow.before || undefined}
          data-more-after={overflow.after || undefined}
        >
          {children}
        </section>
      </div>
      {scrolls ? (
        <p className="table-frame__hint muted small" aria-hidden="true">
          {overflow.after ? "Scroll sideways for more columns →" : "← More columns before"}
        </p>
      ) : null}
    </>
  )
}
