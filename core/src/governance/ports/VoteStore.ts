import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import { AlreadyVoted } from "../GovernanceErrors.ts"
import type { Ballot, QuizAttempt, Vote, VoteId } from "../GovernanceModel.ts"

/**
 * Port: votes, ballots and quiz attempts.
 * - `saveVote` inserts or replaces a vote (creation, an admin's close).
 * - `castBallot` inserts the member's ballot; a second ballot of the same member on the same vote fails with
 *   AlreadyVoted and changes nothing (a unique (voteId, memberId) constraint in SQL).
 * - `saveQuizAttempt` keeps the member's last attempt on a vote.
 * - `listVotes` answers votes by opensAt, newest first.
 */
export class VoteStore extends Context.Service<
  VoteStore,
  {
    readonly saveVote: (vote: Vote) => Effect.Effect<void>
    readonly getVote: (voteId: VoteId) => Effect.Effect<Option.Option<Vote>>
    readonly listVotes: Effect.Effect<ReadonlyArray<Vote>>
    readonly castBallot: (ballot: Ballot) => Effect.Effect<void, AlreadyVoted>
    readonly ballotOf: (voteId: VoteId, memberId: MemberId) => Effect.Effect<Option.Option<Ballot>>
    readonly tally: (voteId: VoteId) => Effect.Effect<{ readonly yes: number; readonly no: number }>
    readonly saveQuizAttempt: (attempt: QuizAttempt) => Effect.Effect<void>
    readonly quizAttemptOf: (voteId: VoteId, memberId: MemberId) => Effect.Effect<Option.Option<QuizAttempt>>
  }
>()("@landunits/core/governance/ports/VoteStore") {
  static readonly layerMemory = Layer.effect(VoteStore)(
    Effect.sync(() => {
      const votes = new Map<VoteId, Vote>()
      const ballots = new Map<string, Ballot>()
      const attempts = new Map<string, QuizAttempt>()
      const key = (voteId: VoteId, memberId: MemberId) => JSON.stringify([voteId, memberId])
      return VoteStore.of({
        saveVote: (vote) =>
          Effect.sync(() => {
            votes.set(vote.voteId, vote)
          }),
        getVote: (voteId) => Effect.sync(() => Option.fromNullishOr(votes.get(voteId))),
        listVotes: Effect.sync(() => [...votes.values()].sort((a, b) => b.opensAt - a.opensAt)),
        castBallot: (ballot) =>
          Effect.suspend(() => {
            const k = key(ballot.voteId, ballot.memberId)
            if (ballots.has(k)) {
              return Effect.fail(new AlreadyVoted({ message: "You have already voted on this vote" }))
            }
            ballots.set(k, ballot)
            return Effect.void
          }),
        ballotOf: (voteId, memberId) =>
          Effect.sync(() => Option.fromNullishOr(ballots.get(key(voteId, memberId)))),
        tally: (voteId) =>
          Effect.sync(() => {
            let yes = 0
            let no = 0
            for (const b of ballots.values()) {
              if (b.voteId !== voteId) continue
              if (b.answer === "y") yes += 1
              else no += 1
            }
            return { yes, no }
          }),
        saveQuizAttempt: (attempt) =>
          Effect.sync(() => {
            attempts.set(key(attempt.voteId, attempt.memberId), attempt)
          }),
        quizAttemptOf: (voteId, memberId) =>
          Effect.sync(() => Option.fromNullishOr(attempts.get(key(voteId, memberId)))),
      })
    }),
  )
}
