import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LinkConfirmation, tokenSearch } from "../components/auth/LinkConfirmation.tsx"

function ConfirmAccount() {
  const { token } = Route.useSearch()
  return <LinkConfirmation title="Confirm your account" token={token} check={api.confirmAccount} />
}

export const Route = createFileRoute("/account/confirm")({
  validateSearch: tokenSearch,
  component: ConfirmAccount,
})
