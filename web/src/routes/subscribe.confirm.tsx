import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LinkConfirmation, tokenSearch } from "../components/auth/LinkConfirmation.tsx"

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
  validateSearch: tokenSearch,
  component: ConfirmSubscription,
})
