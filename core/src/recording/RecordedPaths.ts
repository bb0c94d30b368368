/**
 * Session recording's path list (spec §9: "session recording runs only on the production host, on a fixed list
 * of public and dashboard paths"), kept here, in one place, for the web app (which records only on these paths)
 * and the server (which refuses a batch from any other). docs/web.md, "Session recording", lists them with the
 * reasons for what is left out.
 *
 * Left out on purpose: the sign-in, registration and password pages (credentials), every settings page (the
 * profile and the KYC pages: identity data), the payment pages and an order's own page (card fields, bank and
 * crypto references), the statement, the sales chat (a private conversation), the success pages (order
 * references) and the pages reached from an emailed link (their tokens are in the address).
 */

/** A path, or a pattern whose `:name` segment stands for any one segment. */
export const RECORDED_PATHS: ReadonlyArray<string> = [
  // Public pages
  "/",
  "/landing",
  "/business",
  "/team",
  "/contact-us",
  "/faq",
  "/about-us",
  "/news",
  "/news/:slug",
  "/news/category/:slug",
  "/statistics",
  "/fees",
  "/references",
  "/user-manual",
  "/terms-and-conditions",
  "/privacy-policy",
  // Dashboard pages
  "/dashboard",
  "/dashboard/transaction",
  "/dashboard/convert",
  "/dashboard/my-transactions",
  "/dashboard/land-projects",
  "/dashboard/projects/open",
  "/dashboard/projects/close",
  "/dashboard/questions/open",
  "/dashboard/questions/close",
  "/dashboard/community-ideas",
  "/dashboard/What-are-Land-Units",
]

/** The longest path a recording batch may name. */
export const RECORDED_PATH_MAX_LENGTH = 200

/** A path without its trailing slash ("/news/" is "/news"); "/" stays "/". */
export const normalizeRecordedPath = (path: string): string =>
  path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path

const matches = (pattern: string, path: string): boolean => {
  const want = pattern.split("/")
  const got = path.split("/")
  return (
    want.length === got.length &&
    want.every((segment, i) =>
      segment.startsWith(":") ? /^[A-Za-z0-9._~-]+$/.test(got[i] ?? "") : segment === got[i],
    )
  )
}

/** Whether a page's path (no query, no fragment) is one session recording runs on. */
export const isRecordedPath = (path: string): boolean => {
  if (path.length === 0 || path.length > RECORDED_PATH_MAX_LENGTH || !path.startsWith("/")) return false
  const normalized = normalizeRecordedPath(path)
  return RECORDED_PATHS.some((pattern) => matches(pattern, normalized))
}

/**
 * Whether a host (a browser's `location.host`, or a request's Host header) is the production host `publicHost`
 * (PUBLIC_HOST), letter case aside: PUBLIC_HOST without a port names the host on any port
 * (`landunits.example` matches `landunits.example` and `landunits.example:8443`); with a port, that port only.
 * Unset or blank: no host is.
 */
export const isProductionHost = (
  host: string | undefined,
  publicHost: string | null | undefined,
): boolean => {
  const wanted = publicHost?.trim().toLowerCase() ?? ""
  if (wanted === "" || host === undefined) return false
  const actual = host.trim().toLowerCase()
  if (wanted.includes(":")) return actual === wanted
  return actual === wanted || actual.replace(/:\d+$/, "") === wanted
}

/**
 * The host session recording runs on, from the installation's configuration alone (never from a request): PUBLIC_HOST
 * (trimmed), when it is set and, if APP_URL is set too, APP_URL's host is that host (isProductionHost's rule: a
 * PUBLIC_HOST without a port matches APP_URL's host on any port). Unset or blank PUBLIC_HOST, an APP_URL that is not
 * a URL or names another host: `undefined`, recording is off (a configuration that contradicts itself records
 * nothing rather than guess which of the two is right).
 */
export const configuredRecordingHost = (
  publicHost: string | undefined,
  appUrl: string | undefined,
): string | undefined => {
  const wanted = publicHost?.trim() ?? ""
  if (wanted === "") return undefined
  const app = appUrl?.trim() ?? ""
  if (app === "") return wanted
  if (!URL.canParse(app)) return undefined
  return isProductionHost(new URL(app).host, wanted) ? wanted : undefined
}
