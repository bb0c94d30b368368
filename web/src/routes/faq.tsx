import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { Faq } from "../components/marketing/Marketing.tsx"

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
