import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { MarketingPage } from "../components/MarketingPage.tsx"
import { LoadError } from "../components/Page.tsx"

function Page() {
  const faq = Route.useLoaderData()
  return (
    <MarketingPage
      variant="landing"
      title="Units for a sustainable-land ecosystem"
      lead="Register in two minutes, confirm your email, and buy Units in the currency you use."
      faq={faq}
    />
  )
}

export const Route = createFileRoute("/landing")({
  loader: () => api.faq(),
  component: Page,
  errorComponent: LoadError,
})
