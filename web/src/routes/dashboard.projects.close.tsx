/** /dashboard/projects/close (spec §2, side menu "Closed Voting"): the closed votes with their results (Yes / No / Not Decided). */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { VotesPage } from "../components/community/VotesPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

function ClosedVoting() {
  return (
    <VotesPage
      votes={Route.useLoaderData()}
      title="Closed Voting"
      lead="The results of past votes: Yes when at least half of the ballots say Yes."
      current="/dashboard/projects/close"
      empty="No vote has closed yet."
    />
  )
}

export const Route = createFileRoute("/dashboard/projects/close")({
  head: () => pageHead("Closed voting"),
  loader: () => communityApi.votes("closed"),
  component: ClosedVoting,
  errorComponent: LoadError,
})
