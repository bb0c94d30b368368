/**
 * Whether session recording runs, decided in the browser before anything of it loads (issue 24, spec §9). All of:
 * - the page's path is on the list (core's RecordedPaths.ts, the one list the server checks too);
 * - the visitor allowed the Statistics category in the cookie consent (lib/consentStorage.ts);
 * - this is the production host: `location.host` is the server's PUBLIC_HOST (GET /api/recordings/settings,
 *   asked once per page load, and only once the first two hold).
 * Only then is the recorder imported (recorder.ts and rrweb, a chunk of their own). Consent withdrawn stops it at
 * once and drops what was not sent; leaving the list stops it after sending what was recorded on the list.
 */
import { isProductionHost, isRecordedPath } from "@landunits/core/recording/RecordedPaths.ts"
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from "../../api/client.ts"
import { storedChoice } from "../consentStorage.ts"
import type { RecorderHandle, RecordingBatchToSend, SendOutcome } from "./recorder.ts"

/** The cookie-consent dialog sends this window event when the visitor stores a choice. */
export const CONSENT_CHANGED_EVENT = "landunits:consent-changed"

export const statisticsAllowed = (storage: Pick<Storage, "getItem">, now: number): boolean =>
  storedChoice(storage, now)?.statistics === true

/** The rules before the host: a listed path, and Statistics allowed. */
export const recordingWanted = (path: string, statistics: boolean): boolean =>
  statistics && isRecordedPath(path)

let publicHost: Promise<string | null> | undefined
const readPublicHost = () => {
  publicHost ??= fetch("/api/recordings/settings", { credentials: "same-origin" })
    .then(async (r) => (r.ok ? ((await r.json()) as { publicHost: string | null }).publicHost : null))
    .catch(() => null)
  return publicHost
}

const send = async (batch: RecordingBatchToSend, keepalive: boolean): Promise<SendOutcome> => {
  const body = JSON.stringify(batch)
  const response = await fetch("/api/recordings", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", [XSRF_HEADER]: readCookie(XSRF_COOKIE) ?? "" },
    body,
    // A page being left keeps its last batch going (the browser allows 64 KB of such bodies at once).
    keepalive: keepalive && body.length < 60_000,
  })
  if (response.ok) return "sent"
  return response.status === 429 || response.status >= 500 ? "dropped" : "stop"
}

let active: RecorderHandle | undefined
let starting: Promise<void> | undefined
/** What the page last asked for; a start that finishes after the answer changed stops at once. */
let latest: { readonly wanted: boolean; readonly path: string; readonly withdrawn: boolean } = {
  wanted: false,
  path: "",
  withdrawn: false,
}

/**
 * Brings recording in line with the page: `path` is the current path, `statistics` whether Statistics is allowed
 * now. Safe to call on every change; it starts, moves or stops the one recorder of the page.
 */
export const syncRecording = (path: string, statistics: boolean): void => {
  const wanted = recordingWanted(path, statistics)
  latest = { wanted, path, withdrawn: !statistics }
  if (!wanted) {
    if (active !== undefined) {
      active.stop(!statistics)
      active = undefined
      document.documentElement.dataset.recording = "off"
    }
    return
  }
  if (active !== undefined) {
    active.navigate(path)
    return
  }
  if (starting !== undefined) return
  starting = (async () => {
    try {
      const host = await readPublicHost()
      if (!isProductionHost(window.location.host, host) || !latest.wanted) return
      const { startRecorder } = await import("./recorder.ts")
      if (!latest.wanted || active !== undefined) return
      active = startRecorder(latest.path, send)
      document.documentElement.dataset.recording = "on"
    } finally {
      starting = undefined
    }
  })()
}
