import { createFileRoute } from "@tanstack/react-router"
import { loadMarketingPage } from "../api/loaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { MarketingPage } from "../components/marketing/MarketingPage.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Page() {
  const { faq, statistics } = Route.useLoaderData()
  return (
    <MarketingPage
      variant="landing"
      title="Land that pays for its own care"
      lead="Buy Units tied to sustainably managed land projects. Purchase money buys land; sustainability and ESG costs become an income."
      faq={faq}
      statistics={statistics}
    />
  )
}

export const Route = createFileRoute("/")({
  head: () =>
    pageHead(
      "Landunits: Units for sustainable land",
      "Buy Units tied to sustainably managed land projects. Purchase money buys land; sustainability and ESG costs become an income.",
    ),
  loader: loadMarketingPage,
  component: Page,
  errorComponent: LoadError,
})
