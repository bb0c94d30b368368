import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { Faq } from "../components/marketing/Marketing.tsx"
import { pageHead } from "../lib/pageHead.ts"

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
  head: () =>
    pageHead(
      "Frequently asked questions",
      "Answers about Units, prices, fees, payments, identity checks and selling.",
    ),
  loader: () => api.faq(),
  component: FaqPage,
  errorComponent: LoadError,
})
