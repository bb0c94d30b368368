/** /dashboard/projects/close (spec §2, side menu "Closed Voting"): the closed votes with their results (Yes / No / Not Decided). */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { GovernanceNav } from "../components/community/CommunityNav.tsx"
import { VoteCard } from "../components/community/VoteCard.tsx"
import { Empty, LoadError, PageHead } from "../components/Page.tsx"

function ClosedVoting() {
  const votes = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Governance"
        title="Closed Voting"
        lead="The results of past votes: Yes when at least half of the ballots say Yes."
      />
      <div className="container section">
        <GovernanceNav current="/dashboard/projects/close" />
        {votes.length === 0 ? (
          <Empty>No vote has closed yet.</Empty>
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

export const Route = createFileRoute("/dashboard/projects/close")({
  loader: () => communityApi.votes("closed"),
  component: ClosedVoting,
  errorComponent: LoadError,
})
