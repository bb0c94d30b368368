/**
 * Which pages search engines may index (spec §2): the dashboard, account, subscribe, logout and user-manual
 * pages are marked noindex/nofollow. One rule for the web app (its `<meta name="robots">`) and the server
 * (robots.txt and sitemap.xml leave those pages out).
 */

/** The path prefixes kept out of search engines: the prefix itself and everything under it. */
export const NOINDEX_PREFIXES: ReadonlyArray<string> = [
  "/dashboard",
  "/account",
  "/subscribe",
  "/logout",
  "/user-manual",
]

/**
 * Whether a page's path is the prefix itself or under it, letters in any case, as the web's router matches them
 * (`/Dashboard/x` is under `/dashboard`, `/dashboards` is not).
 */
export const isUnderPrefix = (pathname: string, prefix: string): boolean => {
  const path = pathname.toLowerCase()
  return path === prefix || path.startsWith(`${prefix}/`)
}

/** Whether a page's path is kept out of search engines. */
export const isNoIndex = (pathname: string): boolean =>
  NOINDEX_PREFIXES.some((prefix) => isUnderPrefix(pathname, prefix))
