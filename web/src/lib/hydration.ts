/**
 * Whether React runs this page in the browser yet. False on the server and while React hydrates the HTML the
 * server rendered (useSyncExternalStore's server snapshot); true from the render right after.
 */
import { useSyncExternalStore } from "react"

const subscribe = () => () => {}

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
