/**
 * Session recording's place in the page (issue 24): follows the current path and the visitor's Statistics
 * consent and hands both to lib/recording/sessionRecording.ts, which decides and, only when recording will run,
 * loads the recorder. Renders nothing.
 */
import { useRouterState } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import {
  CONSENT_CHANGED_EVENT,
  statisticsAllowed,
  syncRecording,
} from "../../lib/recording/sessionRecording.ts"

const readConsent = () => {
  try {
    return statisticsAllowed(window.localStorage, Date.now())
  } catch {
    return false
  }
}

export function SessionRecording() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [statistics, setStatistics] = useState(false)
  useEffect(() => {
    const read = () => setStatistics(readConsent())
    read()
    window.addEventListener(CONSENT_CHANGED_EVENT, read)
    // Another tab's choice (the storage event fires in the other tabs of the site).
    window.addEventListener("storage", read)
    return () => {
      window.removeEventListener(CONSENT_CHANGED_EVENT, read)
      window.removeEventListener("storage", read)
    }
  }, [])
  useEffect(() => syncRecording(pathname, statistics), [pathname, statistics])
  return null
}
