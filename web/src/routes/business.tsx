import { createFileRoute } from "@tanstack/react-router"
import { loadMarketingPage } from "../api/loaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { MarketingPage } from "../components/marketing/MarketingPage.tsx"
import { pageHead } from "../lib/pageHead.ts"

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
  head: () =>
    pageHead(
      "Landunits for business",
      "Units for companies: fund sustainable land projects and report on them.",
    ),
  loader: loadMarketingPage,
  component: Page,
  errorComponent: LoadError,
})
