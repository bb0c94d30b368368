import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LinkConfirmation, tokenSearch } from "../components/auth/LinkConfirmation.tsx"
import { pageHead } from "../lib/pageHead.ts"

function ConfirmAccount() {
  const { token } = Route.useSearch()
  return <LinkConfirmation title="Confirm your account" token={token} check={api.confirmAccount} />
}

export const Route = createFileRoute("/account/confirm")({
  head: () => pageHead("Confirm your account"),
  validateSearch: tokenSearch,
  component: ConfirmAccount,
})
