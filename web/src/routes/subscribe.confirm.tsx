import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LinkConfirmation, tokenSearch } from "../components/auth/LinkConfirmation.tsx"
import { pageHead } from "../lib/pageHead.ts"

function ConfirmSubscription() {
  const { token } = Route.useSearch()
  return (
    <LinkConfirmation
      title="Confirm your newsletter subscription"
      token={token}
      check={api.confirmSubscription}
    />
  )
}

export const Route = createFileRoute("/subscribe/confirm")({
  head: () => pageHead("Confirm your newsletter subscription"),
  validateSearch: tokenSearch,
  component: ConfirmSubscription,
})
