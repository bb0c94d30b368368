import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { MarketingPage } from "../components/MarketingPage.tsx"
import { LoadError } from "../components/Page.tsx"

function Page() {
  const faq = Route.useLoaderData()
  return (
    <MarketingPage
      variant="business"
      title="Landunits for business"
      lead="Turn your company's sustainability and ESG costs into an income: buy Units for your business, pay by bank transfer."
      faq={faq}
    />
  )
}

export const Route = createFileRoute("/business")({
  loader: () => api.faq(),
  component: Page,
  errorComponent: LoadError,
})
