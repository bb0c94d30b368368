/**
 * Each page's <title> and description (issue 27): a route declares them with the router's `head` option
 * (`head: () => pageHead("Fees", "…")`); the server writes the page's into the first HTML (entry-server.tsx,
 * adapters' PageRenderer) and the browser keeps document.head in step as the member moves (DocumentHead.tsx).
 */
export const SITE_NAME = "Landunits"

/** The description of a page that declares none: index.html's own. */
export const SITE_DESCRIPTION =
  "Landunits: Units tied to sustainably managed land projects. Buy, sell, transfer and convert Units in EUR, USD, AUD and GBP."

interface HeadMeta {
  readonly title?: string | undefined
  readonly name?: string | undefined
  readonly content?: string | undefined
}

/**
 * The router's `head` answer for a page: "<title> · Landunits" (a title that names Landunits already is kept
 * as it is), and its description when it has one.
 */
export const pageHead = (title: string, description?: string) => ({
  meta: [
    { title: title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}` },
    ...(description === undefined ? [] : [{ name: "description", content: description }]),
  ],
})

export interface DocumentHeadText {
  readonly title: string
  readonly description: string
}

/** The head of the deepest matched route that declares one (a page's own wins over its layout's). */
export const documentHead = (
  matches: ReadonlyArray<{ readonly meta?: ReadonlyArray<HeadMeta | undefined> | undefined }>,
): DocumentHeadText => {
  let title = SITE_NAME
  let description = SITE_DESCRIPTION
  for (const match of matches) {
    for (const meta of match.meta ?? []) {
      if (meta?.title !== undefined) title = meta.title
      if (meta?.name === "description" && meta.content !== undefined) description = meta.content
    }
  }
  return { title, description }
}

/** Keeps document.title and one <meta name="description"> in step with the page. */
export const applyDocumentHead = (head: DocumentHeadText, doc: Document = document): void => {
  doc.title = head.title
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (meta === null) {
    meta = doc.createElement("meta")
    meta.name = "description"
    doc.head.append(meta)
  }
  meta.content = head.description
}
