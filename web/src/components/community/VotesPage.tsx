/** The open and closed voting pages (spec §2): the same page, with its own words, over the votes it is given. */
import type { VoteView } from "@landunits/core/governance/GovernanceModel.ts"
import { Empty, PageHead } from "../layout/Page.tsx"
import { GovernanceNav } from "./CommunityNav.tsx"
import { VoteCard } from "./VoteCard.tsx"

export function VotesPage({
  votes,
  title,
  lead,
  current,
  empty,
}: {
  readonly votes: ReadonlyArray<VoteView>
  readonly title: string
  readonly lead: string
  /** The page's own path, marked current in the governance links. */
  readonly current: string
  /** What the page says when there is no vote. */
  readonly empty: string
}) {
  return (
    <>
      <PageHead eyebrow="Governance" title={title} lead={lead} />
      <div className="container section">
        <GovernanceNav current={current} />
        {votes.length === 0 ? (
          <Empty>{empty}</Empty>
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
