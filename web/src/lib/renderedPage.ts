/**
 * What the server writes beside a page it rendered (entry-server.tsx, adapters' PageRenderer): the page's
 * address and the API reads it was rendered with, as JSON in a `<script type="application/json">` (data,
 * never run, so the Content-Security-Policy needs no exception). A member's page carries that member's own
 * reads (`GET /user` among them) and is sent `no-store`.
 */
import type { RenderedRead } from "../api/client.ts"

export const RENDERED_PAGE_ID = "rendered-page"

export interface RenderedPage {
  /** The router's href of the rendered page (path and search). */
  readonly href: string
  /** Each GET the page made (the session's and its loaders'), by API path: its JSON answer, or its failure. */
  readonly reads: Readonly<Record<string, RenderedRead>>
}

/** The script element's text: JSON with `<` escaped, so no answer can close the element early. */
export const renderedPageScript = (page: RenderedPage): string =>
  `<script type="application/json" id="${RENDERED_PAGE_ID}">${JSON.stringify(page).replace(/</g, "\\u003c")}</script>`

export const readRenderedPage = (doc: Document): RenderedPage | undefined => {
  const element = doc.getElementById(RENDERED_PAGE_ID)
  if (element === null || element.textContent === null) return undefined
  try {
    return JSON.parse(element.textContent) as RenderedPage
  } catch {
    return undefined
  }
}
