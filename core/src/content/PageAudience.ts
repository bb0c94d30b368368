/**
 * Whom the server renders a page for (docs/web/pages-rendered-on-the-server.md): one table, read by the web app's
 * renderer (web/src/entry-server.tsx) and by the server that hands it the request (adapters' PageRenderer.ts),
 * so the two cannot disagree about which pages may see a member's session.
 *
 * - `guest`: a public page, rendered for nobody in particular: the renderer reads the API without any cookie,
 *   so no member's data can reach it, and the HTML may be kept by a browser (`no-cache`, an ETag).
 * - `member`: a member's own page (spec §2's dashboard): rendered with the request's session cookie and nothing
 *   else, reading the API only with GET, answered `no-store` and `noindex`. Without a session it is the
 *   browser's to render (it sends a guest to /login).
 * - `browser`: rendered in the browser only: sign-out, and the pages an emailed link's token drives (they act on
 *   the token once shown, never while a server renders them).
 */
import { isUnderPrefix } from "./Indexing.ts"

export type PageAudience = "guest" | "member" | "browser"

/** The path prefixes that are not a guest's page: the prefix itself and everything under it. */
export const PAGE_AUDIENCES: ReadonlyArray<{ readonly prefix: string; readonly audience: PageAudience }> = [
  { prefix: "/dashboard", audience: "member" },
  { prefix: "/logout", audience: "browser" },
  { prefix: "/account", audience: "browser" },
  { prefix: "/subscribe", audience: "browser" },
  { prefix: "/login/reset", audience: "browser" },
]

/** The audience of a page's path (letters in any case, one trailing slash, as the web's router matches them). */
export const pageAudience = (pathname: string): PageAudience =>
  PAGE_AUDIENCES.find(({ prefix }) => isUnderPrefix(pathname, prefix))?.audience ?? "guest"
