import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { Empty, LoadError, PageHead } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

function References() {
  const refs = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Research"
        title="References"
        lead="The research and sources behind our land management."
      />
      <div className="container section prose">
        {refs.length === 0 ? (
          <Empty>No references have been published yet.</Empty>
        ) : (
          <ol>
            {[...refs]
              .sort((a, b) => a.order - b.order)
              .map((r) => (
                <li key={r.title}>
                  <strong>
                    {r.link ? (
                      <a href={r.link} rel="noopener noreferrer" target="_blank">
                        {r.title}
                      </a>
                    ) : (
                      r.title
                    )}
                  </strong>
                  <br />
                  <span className="muted">{r.description}</span>
                </li>
              ))}
          </ol>
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/references")({
  head: () => pageHead("References", "Sources and references behind the Landunits projects."),
  loader: () => api.references(),
  component: References,
  errorComponent: LoadError,
})
