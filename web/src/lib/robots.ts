/** Pages kept out of search engines (spec §2): core's rule, shared with the server's sitemap.xml. */
import { isNoIndex } from "@landunits/core/content/Indexing.ts"

export { isNoIndex }

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
