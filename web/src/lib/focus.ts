/** Focus rules shared by the modal dialogs (cookie consent, the member's menu). */
import type { KeyboardEvent } from "react"

export const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/** Keeps Tab and Shift+Tab inside `container`. */
export const trapTab = (e: KeyboardEvent<HTMLElement>, container: HTMLElement) => {
  if (e.key !== "Tab") return
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = items[0]
  const last = items[items.length - 1]
  if (first === undefined || last === undefined) return
  const active = document.activeElement
  if (e.shiftKey && (active === first || !container.contains(active))) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && (active === last || !container.contains(active))) {
    e.preventDefault()
    first.focus()
  }
}
