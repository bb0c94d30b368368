/**
 * The signed-in marker (docs/security.md, "Sessions"): a script-readable cookie the server sets beside the
 * HttpOnly session cookie, with the same lifetime, and ends with it. It holds no secret (its value is always
 * `1`); it only says a session may exist. Without it the web app knows the visitor is a guest and asks the
 * server nothing, so a guest's visit makes no failing request.
 */
import { readCookie } from "../api/client.ts"

/**
 * The marker's name: core's SIGNED_IN_COOKIE_NAME, which the server uses (a test holds them equal). Not imported:
 * core's constants module would pull the order forms' shared chunk into the entry (70 KB gzip).
 */
export const SIGNED_IN_COOKIE = "landunits_signed_in"

export interface SignedInMarker {
  /** Whether the browser holds the marker. */
  readonly present: () => boolean
  /** Ends it (the server refused the session, or the member signed out). */
  readonly forget: () => void
}

/** The marker in `doc`'s cookies (the page's own document unless a test gives another). */
export const documentMarker = (doc: Document = document): SignedInMarker => ({
  // An emptied cookie ("name=") is no marker: the server ends it with an empty value.
  present: () => (readCookie(SIGNED_IN_COOKIE, doc.cookie) ?? "") !== "",
  forget: () => {
    const secure = doc.location?.protocol === "https:" ? "; Secure" : ""
    // Expires as well as Max-Age=0: every browser (and test DOM) then drops it.
    doc.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax${secure}`
  },
})
