/** A tooltip that opens on hover on screens wider than 768 px and on click (tap) otherwise (spec §2). */
import { type ReactNode, useId, useState } from "react"
import { useMediaQuery } from "../../lib/mediaQuery.ts"

export const HOVER_QUERY = "(min-width: 769px)"

/** Whether the screen is wide enough for tooltips to open on hover (HOVER_QUERY); follows the window's width. */
export const useWide = (): boolean => useMediaQuery(HOVER_QUERY)

export function Tooltip({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const wide = useWide()
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer nicety; keyboard users open it by focusing the button
    <span
      className="tooltip"
      onMouseEnter={wide ? () => setOpen(true) : undefined}
      onMouseLeave={wide ? () => setOpen(false) : undefined}
    >
      <button
        type="button"
        className="tooltip__trigger"
        aria-label={label}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        onClick={wide ? undefined : () => setOpen((o) => !o)}
        onFocus={wide ? () => setOpen(true) : undefined}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      >
        ?
      </button>
      {open ? (
        <span role="tooltip" id={id} className="tooltip__bubble">
          {children}
        </span>
      ) : null}
    </span>
  )
}
