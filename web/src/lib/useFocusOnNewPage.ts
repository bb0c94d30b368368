/**
 * Focus after a move to another page (WCAG 2.4.3): once the new page has rendered, focus goes to its heading
 * (its first `<h1>`, made focusable with tabIndex -1; `<main>` when it has none), so the next Tab starts at the
 * top of the page the member is now on and a screen reader reads where that is. Without it, the element that
 * was focused (the button that submitted, the link in the history) leaves the page and focus drops to `<body>`.
 *
 * Not on the first page (the skip link comes first there), not when only the search or the hash changed (a
 * filter, a tab: focus stays on the control), and not when the new page already focused something of its own
 * (a field it opens on, a result it announces).
 */
import { useRouter } from "@tanstack/react-router"
import { useEffect } from "react"

/** How long a page may take to show its heading after the router rendered it (its own data arriving). */
const HEADING_WAIT_MS = 3_000

/** Focuses `main`'s heading, or `main`; false when focus is already inside the page, so it is left there. */
export const focusPageHeading = (main: HTMLElement): boolean => {
  const active = document.activeElement
  if (active !== null && active !== main && main.contains(active)) return false
  const heading = main.querySelector<HTMLElement>("h1")
  const target = heading ?? main
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1
  target.focus({ preventScroll: true })
  return true
}

export const useFocusOnNewPage = (): void => {
  const router = useRouter()
  useEffect(() => {
    let stopWaiting = () => {}
    const unsubscribe = router.subscribe("onRendered", (event) => {
      stopWaiting()
      if (event.fromLocation === undefined || !event.pathChanged) return
      const main = document.getElementById("main")
      if (main === null) return
      if (main.querySelector("h1") !== null) {
        focusPageHeading(main)
        return
      }
      // The page shows its heading once its own data has come: focus it then (or main, if it never does).
      const observer = new MutationObserver(() => {
        if (main.querySelector("h1") === null) return
        stopWaiting()
        focusPageHeading(main)
      })
      const timer = setTimeout(() => {
        stopWaiting()
        focusPageHeading(main)
      }, HEADING_WAIT_MS)
      observer.observe(main, { childList: true, subtree: true })
      stopWaiting = () => {
        observer.disconnect()
        clearTimeout(timer)
        stopWaiting = () => {}
      }
    })
    return () => {
      stopWaiting()
      unsubscribe()
    }
  }, [router])
}
