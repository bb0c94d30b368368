/** Pages kept out of search engines (spec §2): dashboard, account, subscribe, logout and user manual. */
const NOINDEX_PREFIXES = ["/dashboard", "/account", "/subscribe", "/logout", "/user-manual"]

export const isNoIndex = (pathname: string): boolean =>
  NOINDEX_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

/** Keeps one <meta name="robots"> in step with the page. */
export const applyRobots = (pathname: string, doc: Document = document): void => {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="robots"]')
  if (meta === null) {
    meta = doc.createElement("meta")
    meta.name = "robots"
    doc.head.append(meta)
  }
  meta.content = isNoIndex(pathname) ? "noindex, nofollow" : "index, follow"
}
