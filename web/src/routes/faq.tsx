import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { Faq } from "../components/Marketing.tsx"
import { LoadError, PageHead } from "../components/Page.tsx"

function FaqPage() {
  const faq = Route.useLoaderData()
  return (
    <>
      <PageHead eyebrow="Help" title="Frequently asked questions" />
      <div className="container section prose">
        <Faq entries={faq} />
      </div>
    </>
  )
}

export const Route = createFileRoute("/faq")({
  loader: () => api.faq(),
  component: FaqPage,
  errorComponent: LoadError,
})
