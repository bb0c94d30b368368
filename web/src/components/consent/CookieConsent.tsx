/**
 * The cookie-consent dialog (spec §2, §4): summary, and the full view with tabs Consent, Details, About.
 * It is modal while open: focus moves into it, Tab and Shift+Tab stay inside, Escape or a button closes it,
 * and focus returns to where it was (the footer's "Cookie settings" button, or the page's main content).
 */
import { useMachine } from "@xstate/react"
import { useEffect, useLayoutEffect, useRef } from "react"
import {
  CONSENT_LIFETIME_MS,
  consentBannerNeeded,
  consentCookie,
  consentCookiePresent,
  saveConsent,
  storedChoice,
  storedChoiceExpiry,
} from "../../lib/consentStorage.ts"
import { FOCUSABLE, trapTab } from "../../lib/focus.ts"
import { pageCookies } from "../../lib/pageCookies.ts"
import { CONSENT_CHANGED_EVENT } from "../../lib/recording/sessionRecording.ts"
import {
  type ConsentTab,
  cookieConsentMachine,
  type OptionalCategory,
} from "../../machines/cookieConsentMachine.ts"

const CATEGORIES: ReadonlyArray<{
  readonly key: OptionalCategory | "necessary"
  readonly name: string
  readonly text: string
}> = [
  { key: "necessary", name: "Necessary", text: "Keep you signed in and protect forms. Always on." },
  { key: "preferences", name: "Preferences", text: "Remember choices such as your currency." },
  { key: "statistics", name: "Statistics", text: "Count visits anonymously to improve the site." },
  { key: "marketing", name: "Marketing", text: "Measure which campaigns bring members to us." },
  {
    key: "unclassified",
    name: "Unclassified",
    text: "Cookies we are still classifying with their providers.",
  },
]

/** Third-party cookies (spec §2: durations from session to 2 years). */
export const THIRD_PARTY_COOKIES: ReadonlyArray<{
  readonly name: string
  readonly provider: string
  readonly purpose: string
  readonly duration: string
}> = [
  {
    name: "__stripe_mid",
    provider: "Stripe",
    purpose: "Fraud prevention for card payments",
    duration: "1 year",
  },
  {
    name: "__stripe_sid",
    provider: "Stripe",
    purpose: "Fraud prevention for card payments",
    duration: "30 minutes",
  },
  { name: "_sp_ses", provider: "Square", purpose: "Card payment session", duration: "Session" },
  {
    name: "_ga",
    provider: "Google Analytics",
    purpose: "Statistics: distinguishes visitors",
    duration: "2 years",
  },
  {
    name: "_gid",
    provider: "Google Analytics",
    purpose: "Statistics: distinguishes visitors",
    duration: "1 day",
  },
  { name: "_fbp", provider: "Meta", purpose: "Marketing: campaign measurement", duration: "3 months" },
  { name: "utm_data", provider: "Landunits", purpose: "Marketing: campaign attribution", duration: "7 days" },
]

const TABS: ReadonlyArray<{ readonly id: ConsentTab; readonly label: string }> = [
  { id: "consent", label: "Consent" },
  { id: "details", label: "Details" },
  { id: "about", label: "About" },
]

/** The footer's "Cookie settings" button sends this window event to open the dialog again. */
export const OPEN_CONSENT_EVENT = "landunits:cookie-settings"
export const openCookieSettings = () => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))

/** Mirrors the stored choice in the consent cookie (consentStorage.ts), or ends the mirror when there is none. */
const mirrorChoice = (storage: Storage, now: number, doc: Document = document) => {
  const expiry = storedChoiceExpiry(storage)
  const until = expiry === undefined ? now : Math.min(expiry, now + CONSENT_LIFETIME_MS)
  // document.cookie, as lib/utm.ts and the signed-in marker write theirs (the Cookie Store API is not in every browser).
  doc.cookie = consentCookie(until, now, doc.location.protocol === "https:")
}

/**
 * The banner's first render follows the consent cookie, the one thing the server also sees, so the page the
 * server rendered hydrates as it is (a new visitor has the banner in the first HTML). Right after, before the
 * browser paints again, the stored choice decides (localStorage, spec §4) and the cookie is brought in line.
 */
export function CookieConsent({ storage }: { readonly storage?: Storage }) {
  const store = () => storage ?? window.localStorage
  const [state, send] = useMachine(
    cookieConsentMachine.provide({
      actions: {
        store: (_, choice) => {
          const now = Date.now()
          saveConsent(store(), choice, now)
          mirrorChoice(store(), now)
          // Session recording follows the choice at once (lib/recording/sessionRecording.ts).
          window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT))
        },
      },
    }),
    {
      input: {
        needed: !consentCookiePresent(pageCookies()),
        choice: typeof window === "undefined" ? undefined : storedChoice(store(), Date.now()),
      },
    },
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the banner first renders in the browser
  useLayoutEffect(() => {
    const now = Date.now()
    const needed = consentBannerNeeded(store(), now)
    mirrorChoice(store(), now)
    if (needed && !state.matches("open")) send({ type: "consent.open" })
    if (!needed && state.matches("open")) send({ type: "consent.dismiss" })
  }, [])
  const dialog = useRef<HTMLElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const open = state.matches("open")
  const details = state.matches({ open: "details" })

  useEffect(() => {
    const onOpen = () => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      send({ type: "consent.open" })
    }
    window.addEventListener(OPEN_CONSENT_EVENT, onOpen)
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, onOpen)
  }, [send])

  // Focus moves into the dialog when it opens and when its view changes; back out when it closes.
  const wasOpen = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view (details) replaces the focused button
  useEffect(() => {
    if (open) {
      wasOpen.current = true
      dialog.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    const target = returnTo.current
    returnTo.current = null
    if (target?.isConnected && target !== document.body) target.focus()
    else document.getElementById("main")?.focus({ preventScroll: true })
  }, [open, details])

  if (!open) return null
  const { tab, choice } = state.context
  return (
    <>
      <div className="consent__backdrop" aria-hidden="true" />
      <section
        ref={dialog}
        className={`consent${details ? " consent--details" : ""}`}
        role="dialog"
        aria-labelledby="consent-title"
        aria-modal="true"
        onKeyDown={(e) => {
          if (e.key === "Escape") send({ type: "consent.dismiss" })
          else if (dialog.current !== null) trapTab(e, dialog.current)
        }}
      >
        <h2 id="consent-title">This website uses cookies</h2>
        {details ? (
          <>
            <div className="tabs" role="tablist" aria-label="Cookie information">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`consent-tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`consent-panel-${t.id}`}
                  onClick={() => send({ type: "consent.selectTab", tab: t.id })}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`consent-panel-${tab}`} aria-labelledby={`consent-tab-${tab}`}>
              {tab === "consent" ? (
                <p>
                  We use cookies to keep you signed in, to secure forms and, with your consent, to remember
                  preferences, count visits and measure campaigns. Choose which categories you allow in
                  Details.
                </p>
              ) : tab === "details" ? (
                <>
                  {CATEGORIES.map((c) => (
                    <div className="consent__category" key={c.key}>
                      <div>
                        <strong>
                          <label htmlFor={`consent-${c.key}`}>{c.name}</label>
                        </strong>
                        <p>{c.text}</p>
                      </div>
                      <input
                        id={`consent-${c.key}`}
                        className="switch"
                        type="checkbox"
                        checked={c.key === "necessary" ? true : choice[c.key]}
                        disabled={c.key === "necessary"}
                        onChange={() =>
                          c.key !== "necessary" && send({ type: "consent.toggle", category: c.key })
                        }
                      />
                    </div>
                  ))}
                  <h3 style={{ marginTop: 16 }}>Third-party cookies</h3>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Cookie</th>
                        <th scope="col">Provider</th>
                        <th scope="col">Purpose</th>
                        <th scope="col">Duration</th>
                      </tr>
                    </thead>
                    <tbody>
                      {THIRD_PARTY_COOKIES.map((c) => (
                        <tr key={c.name}>
                          <td>{c.name}</td>
                          <td>{c.provider}</td>
                          <td>{c.purpose}</td>
                          <td>{c.duration}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              ) : (
                <p>
                  Cookies are small text files a site stores in your browser. The law lets us store cookies
                  that are strictly necessary; every other kind needs your permission. Your choice is kept for
                  1 year, and you can change it at any time in the Privacy Policy page.
                </p>
              )}
            </div>
            <div className="consent__actions">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => send({ type: "consent.necessaryOnly" })}
              >
                Deny
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => send({ type: "consent.allowSelection" })}
              >
                Allow selection
              </button>
              <button
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => send({ type: "consent.allowAll" })}
              >
                Allow all
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              We use necessary cookies to run the site and, if you allow, cookies for preferences, statistics
              and marketing.
            </p>
            <div className="consent__actions">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => send({ type: "consent.showDetails" })}
              >
                Show details
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => send({ type: "consent.necessaryOnly" })}
              >
                Deny
              </button>
              <button
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => send({ type: "consent.allowAll" })}
              >
                Allow all
              </button>
            </div>
          </>
        )}
      </section>
    </>
  )
}
