/** /dashboard/projects/open (spec §2, side menu "Open Voting"): the open votes; each member passes the quiz, then votes once. */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { VotesPage } from "../components/community/VotesPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

function OpenVoting() {
  return (
    <VotesPage
      votes={Route.useLoaderData()}
      title="Open Voting"
      lead="Members who own Units decide on the projects. One vote per member; a short quiz comes first."
      current="/dashboard/projects/open"
      empty="No vote is open right now. Closed votes and their results are under Closed Voting."
    />
  )
}

export const Route = createFileRoute("/dashboard/projects/open")({
  head: () => pageHead("Open voting"),
  loader: () => communityApi.votes("open"),
  component: OpenVoting,
  errorComponent: LoadError,
})
