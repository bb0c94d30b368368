/** /dashboard/projects/open (spec §2, side menu "Open Voting"): the open votes; each member passes the quiz, then votes once. */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { GovernanceNav } from "../components/community/CommunityNav.tsx"
import { VoteCard } from "../components/community/VoteCard.tsx"
import { Empty, LoadError, PageHead } from "../components/Page.tsx"

function OpenVoting() {
  const votes = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Governance"
        title="Open Voting"
        lead="Members who own Units decide on the projects. One vote per member; a short quiz comes first."
      />
      <div className="container section">
        <GovernanceNav current="/dashboard/projects/open" />
        {votes.length === 0 ? (
          <Empty>No vote is open right now. Closed votes and their results are under Closed Voting.</Empty>
        ) : (
          <ul className="cm-list">
            {votes.map((v) => (
              <VoteCard key={v.voteId} vote={v} />
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/projects/open")({
  loader: () => communityApi.votes("open"),
  component: OpenVoting,
  errorComponent: LoadError,
})
