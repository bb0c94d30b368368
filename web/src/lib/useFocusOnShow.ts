/**
 * Focus after a change within one page (WCAG 2.4.3). When a member's action replaces part of a page (a quiz
 * checked, a setup step opened, a request refused), the button they pressed is often gone and focus would fall
 * to <body>. The element that says what comes next takes it instead: give it `ref={focusOnShow}` and
 * `tabIndex={-1}` (a heading, a result's summary, an error message); it is focused as it renders.
 *
 * Only elements that appear after the component has settled move focus: what renders with the component (its
 * first render, or while `settled` is false: a page still loading its first state) belongs to the page, whose
 * focus is the root layout's (the page's <h1> after a change of path). Settled once, it stays settled. Call the
 * hook in the component that stays mounted across the change, and pass the ref down to the parts it shows.
 */
import { type RefCallback, useCallback, useEffect, useRef } from "react"

export function useFocusOnShow(settled = true): RefCallback<HTMLElement> {
  const ready = useRef(false)
  useEffect(() => {
    if (settled) ready.current = true
  }, [settled])
  // React's StrictMode mounts twice, refs included: the second mount is still the first render.
  useEffect(
    () => () => {
      ready.current = false
    },
    [],
  )
  return useCallback((node: HTMLElement | null) => {
    if (node !== null && ready.current) node.focus()
  }, [])
}
