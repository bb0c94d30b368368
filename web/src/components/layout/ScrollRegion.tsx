import type { ReactNode } from "react"

/**
 * A wide table's horizontal scroll area. It can take the focus (and is a named region), so keyboard users can
 * scroll it with the arrow keys: WCAG 2.1.1, axe's scrollable-region-focusable.
 */
export function ScrollRegion({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
