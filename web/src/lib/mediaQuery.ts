/**
 * Whether a CSS media query matches, following the window as it changes. The server, and the first render that
 * hydrates its HTML, read `onServer` (the server has no window); React renders again with the real answer.
 */
import { useSyncExternalStore } from "react"

export const useMediaQuery = (query: string, onServer = false): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener("change", onChange)
      return () => list.removeEventListener("change", onChange)
    },
    () => window.matchMedia(query).matches,
    () => onServer,
  )
