import { createFileRoute } from "@tanstack/react-router"
import { loadMarketingPage } from "../api/loaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { MarketingPage } from "../components/marketing/MarketingPage.tsx"

function Page() {
  const { faq, statistics } = Route.useLoaderData()
  return (
    <MarketingPage
      variant="business"
      title="Landunits for business"
      lead="Turn your company's sustainability and ESG costs into an income: buy Units for your business, pay by bank transfer."
      faq={faq}
      statistics={statistics}
    />
  )
}

export const Route = createFileRoute("/business")({
  loader: loadMarketingPage,
  component: Page,
  errorComponent: LoadError,
})
