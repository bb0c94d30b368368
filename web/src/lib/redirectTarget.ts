/**
 * Where signing in leads back to (issue 38): a signed-out visitor who opens a member page (an email's "See your
 * order") is sent to `/login?redirect=<that page>`, and after the password (and the second factor or passkey, when
 * the member has one) lands on it, not on /dashboard.
 *
 * The parameter comes from a link anyone can write, so it is an open redirect unless checked: only the site's own
 * member pages pass (`/dashboard` and below), as a path of this origin. Refused, and the member goes to the default
 * page instead: anything with a scheme or a host (`https://evil.example`, `//evil.example`, `javascript:`), a
 * backslash anywhere (browsers read `/\evil.example` as `//evil.example`), whitespace or a control character (a URL
 * parser drops tabs and line breaks, so `/\t/evil.example` would become `//evil.example`), a percent-encoding that
 * decodes to any of those or does not decode (`/%2F%2Fevil.example`, `%5C`), a path that leaves the member pages
 * once `..` and `%2e%2e` are resolved, and anything longer than 2,048 characters.
 */

/** The member pages a sign-in may lead back to: this path and below. */
export const MEMBER_PAGES = "/dashboard"
/** Longer than any page of the site; a longer parameter is refused whole. */
export const MAX_REDIRECT_LENGTH = 2048

/** An origin no request ever has: what a path is resolved against to see whether it stays on the site. */
const PROBE_ORIGIN = "https://landunits.invalid"
/** Backslashes, whitespace (Unicode's too) and control characters (C0, DEL, C1). */
const UNSAFE = /[\\\s\p{Cc}]/u

/** `value` decoded until it stops changing (at most 3 rounds), or undefined when a round is not valid encoding. */
const decodedFully = (value: string): string | undefined => {
  let decoded = value
  for (let round = 0; round < 3; round++) {
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return undefined
    }
    if (next === decoded) return decoded
    decoded = next
  }
  return decoded
}

const isPathOnly = (path: string): boolean =>
  path.startsWith("/") && !path.startsWith("//") && !UNSAFE.test(path)

/**
 * The member page `value` names, as a path of this site (pathname, query and fragment, normalized), or undefined
 * when it is not one (see above). The answer always passes again unchanged.
 */
export const safeRedirect = (value: unknown): string | undefined => {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return undefined
  if (!isPathOnly(value)) return undefined
  const decoded = decodedFully(value)
  if (decoded === undefined || !isPathOnly(decoded)) return undefined
  let url: URL
  try {
    url = new URL(value, PROBE_ORIGIN)
  } catch {
    return undefined
  }
  if (url.origin !== PROBE_ORIGIN) return undefined
  if (url.pathname !== MEMBER_PAGES && !url.pathname.startsWith(`${MEMBER_PAGES}/`)) return undefined
  const target = `${url.pathname}${url.search}${url.hash}`
  return target.length <= MAX_REDIRECT_LENGTH && isPathOnly(target) ? target : undefined
}

/**
 * The /login search of a member page: the page to lead back to, when it is one (the dashboard's own guard); none for
 * the dashboard itself, where signing in leads anyway.
 */
export const loginSearchFor = (href: string): { readonly redirect?: string } => {
  const redirect = safeRedirect(href)
  return redirect === undefined || redirect === MEMBER_PAGES || redirect === `${MEMBER_PAGES}/`
    ? {}
    : { redirect }
}
