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
      title="Units for a sustainable-land ecosystem"
      lead="Register in two minutes, confirm your email, and buy Units in the currency you use."
      faq={faq}
      statistics={statistics}
    />
  )
}

export const Route = createFileRoute("/landing")({
  head: () =>
    pageHead(
      "Units for a sustainable-land ecosystem",
      "Register to buy Units tied to sustainably managed land projects.",
    ),
  loader: loadMarketingPage,
  component: Page,
  errorComponent: LoadError,
})
