import { Clock, Context, Effect, Layer, Option } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { recordAudit } from "../audit/Audit.ts"
import { AuditAction, auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import {
  AlreadyVoted,
  InvalidVote,
  NotEligibleToVote,
  QuizNotPassed,
  VoteClosed,
  VoteNotFound,
  VoteNotOpen,
  VoteStillOpen,
} from "./GovernanceErrors.ts"
import {
  allQuizAnswersRight,
  type Ballot,
  type BallotAnswer,
  type NewVote,
  newVoteProblems,
  type QuizAnswerFlag,
  type QuizAttempt,
  type QuizResultFlag,
  type Vote,
  VoteId,
  type VoteResults,
  type VoteView,
  votePhase,
  wrongQuizAnswers,
} from "./GovernanceModel.ts"
import { UnitOwnership } from "./ports/UnitOwnership.ts"
import { VoteStore } from "./ports/VoteStore.ts"
import { voteResult, yesPercentage } from "./VoteResult.ts"

export interface QuizOutcome {
  readonly quizAnswer: QuizAnswerFlag
  readonly quizResult: QuizResultFlag
  /** The questions answered wrongly or not at all (empty when all are right). */
  readonly wrongQuestionIds: ReadonlyArray<string>
}

/**
 * Governance use cases: members list open and closed votes, pass a vote's quiz, cast one ballot; admins create
 * and close votes (audited). Results are Yes / No / Not Decided (voteResult).
 */
export class GovernanceService extends Context.Service<
  GovernanceService,
  {
    readonly listVotes: (actor: Actor, which: "open" | "closed") => Effect.Effect<ReadonlyArray<VoteView>>
    /** Admins: every vote, upcoming ones and quiz answers included. */
    readonly allVotes: (actor: Actor) => Effect.Effect<ReadonlyArray<Vote>, Forbidden>
    readonly submitQuizAnswers: (
      actor: Actor,
      voteId: VoteId,
      answers: Readonly<Record<string, string>>,
    ) => Effect.Effect<
      QuizOutcome,
      VoteNotFound | VoteNotOpen | VoteClosed | NotEligibleToVote | AlreadyVoted
    >
    readonly castBallot: (
      actor: Actor,
      voteId: VoteId,
      answer: BallotAnswer,
    ) => Effect.Effect<
      Ballot,
      VoteNotFound | VoteNotOpen | VoteClosed | NotEligibleToVote | QuizNotPassed | AlreadyVoted
    >
    /** Published once the vote is closed; admins see them at any time. */
    readonly results: (
      actor: Actor,
      voteId: VoteId,
    ) => Effect.Effect<VoteResults, VoteNotFound | VoteStillOpen>
    readonly createVote: (actor: Actor, vote: NewVote) => Effect.Effect<Vote, Forbidden | InvalidVote>
    readonly closeVote: (
      actor: Actor,
      voteId: VoteId,
    ) => Effect.Effect<Vote, Forbidden | VoteNotFound | VoteClosed>
  }
>()("@landunits/core/governance/GovernanceService") {
  static readonly layer = Layer.effect(GovernanceService)(
    Effect.gen(function* () {
      const store = yield* VoteStore
      const ownership = yield* UnitOwnership
      const ids = yield* IdGenerator
      const auditLog = yield* AuditLog

      const requireAdmin = (actor: Actor, what: string) =>
        actor.isAdmin ? Effect.void : Effect.fail(new Forbidden({ message: `Only admins can ${what}` }))

      const voteOf = (voteId: VoteId) =>
        Effect.flatMap(store.getVote(voteId), (found) =>
          Option.match(found, {
            onNone: () => Effect.fail(new VoteNotFound({ message: `No vote ${voteId}` })),
            onSome: Effect.succeed,
          }),
        )

      /** The vote, if it takes ballots and quiz answers now. */
      const openVoteOf = Effect.fnUntraced(function* (voteId: VoteId) {
        const vote = yield* voteOf(voteId)
        const phase = votePhase(vote, yield* Clock.currentTimeMillis)
        if (phase === "upcoming") return yield* new VoteNotOpen({ message: "This vote has not opened yet" })
        if (phase === "closed") return yield* new VoteClosed({ message: "This vote is closed" })
        return vote
      })

      const requireEligible = Effect.fnUntraced(function* (actor: Actor) {
        if ((yield* ownership.unitsOwned(actor.memberId)) < 1) {
          return yield* new NotEligibleToVote({ message: "Only members who own at least one Unit can vote" })
        }
      })

      const requireNoBallot = Effect.fnUntraced(function* (actor: Actor, voteId: VoteId) {
        if (Option.isSome(yield* store.ballotOf(voteId, actor.memberId))) {
          return yield* new AlreadyVoted({ message: "You have already voted on this vote" })
        }
      })

      const tallyOf = Effect.fnUntraced(function* (voteId: VoteId) {
        const { yes, no } = yield* store.tally(voteId)
        const percentage = yesPercentage(yes, no)
        return {
          voteId,
          yes,
          no,
          yesPercentage: percentage,
          outcome: voteResult(percentage),
        } satisfies VoteResults
      })

      const quizFlags = (vote: Vote, attempt: Option.Option<QuizAttempt>) => {
        const passed = vote.quiz.length === 0 || Option.exists(attempt, (a) => a.allRight)
        return {
          quizAnswer:
            vote.quiz.length === 0 || Option.isSome(attempt) ? "answer_submitted" : "answer_not_submitted",
          quizResult: passed ? "all_right_answer_submitted" : "all_right_answer_not_given",
        } as const
      }

      const listVotes = Effect.fn("GovernanceService.listVotes")(function* (
        actor: Actor,
        which: "open" | "closed",
      ) {
        const now = yield* Clock.currentTimeMillis
        const eligible = (yield* ownership.unitsOwned(actor.memberId)) >= 1
        const views: Array<VoteView> = []
        for (const vote of yield* store.listVotes) {
          if (votePhase(vote, now) !== which) continue
          const ballot = yield* store.ballotOf(vote.voteId, actor.memberId)
          const attempt = yield* store.quizAttemptOf(vote.voteId, actor.memberId)
          views.push({
            voteId: vote.voteId,
            title: vote.title,
            description: vote.description,
            opensAt: vote.opensAt,
            closesAt: vote.closesAt,
            quiz: vote.quiz.map(({ questionId, question, options }) => ({ questionId, question, options })),
            voteState:
              which === "closed"
                ? "vote_closed"
                : Option.isSome(ballot)
                  ? "vote_submitted_already"
                  : "vote_not_submitted",
            ...quizFlags(vote, attempt),
            answer: Option.match(ballot, { onNone: () => "" as const, onSome: (b) => b.answer }),
            eligible,
            ...(which === "closed" ? { results: yield* tallyOf(vote.voteId) } : {}),
          })
        }
        return views
      })

      const submitQuizAnswers = Effect.fn("GovernanceService.submitQuizAnswers")(function* (
        actor: Actor,
        voteId: VoteId,
        answers: Readonly<Record<string, string>>,
      ) {
        const vote = yield* openVoteOf(voteId)
        yield* requireNoBallot(actor, voteId)
        yield* requireEligible(actor)
        const previous = yield* store.quizAttemptOf(voteId, actor.memberId)
        // Once every answer is right the quiz is passed: later submissions change nothing.
        if (Option.exists(previous, (a) => a.allRight)) {
          const passed: QuizOutcome = {
            quizAnswer: "answer_submitted",
            quizResult: "all_right_answer_submitted",
            wrongQuestionIds: [],
          }
          return passed
        }
        const allRight = allQuizAnswersRight(vote.quiz, answers)
        yield* store.saveQuizAttempt({
          voteId,
          memberId: actor.memberId,
          answers: { ...answers },
          allRight,
          at: yield* Clock.currentTimeMillis,
        })
        return {
          quizAnswer: "answer_submitted",
          quizResult: allRight ? "all_right_answer_submitted" : "all_right_answer_not_given",
          wrongQuestionIds: wrongQuizAnswers(vote.quiz, answers),
        } satisfies QuizOutcome
      })

      const castBallot = Effect.fn("GovernanceService.castBallot")(function* (
        actor: Actor,
        voteId: VoteId,
        answer: BallotAnswer,
      ) {
        const vote = yield* openVoteOf(voteId)
        yield* requireNoBallot(actor, voteId)
        yield* requireEligible(actor)
        if (vote.quiz.length > 0) {
          const attempt = yield* store.quizAttemptOf(voteId, actor.memberId)
          if (!Option.exists(attempt, (a) => a.allRight)) {
            return yield* new QuizNotPassed({
              message: "Answer every quiz question right before casting your vote",
            })
          }
        }
        const ballot: Ballot = {
          voteId,
          memberId: actor.memberId,
          answer,
          at: yield* Clock.currentTimeMillis,
        }
        yield* store.castBallot(ballot)
        return ballot
      })

      const results = Effect.fn("GovernanceService.results")(function* (actor: Actor, voteId: VoteId) {
        const vote = yield* voteOf(voteId)
        if (!actor.isAdmin && votePhase(vote, yield* Clock.currentTimeMillis) !== "closed") {
          return yield* new VoteStillOpen({ message: "Results are shown once the vote is closed" })
        }
        return yield* tallyOf(voteId)
      })

      const createVote = Effect.fn("GovernanceService.createVote")(function* (actor: Actor, input: NewVote) {
        yield* requireAdmin(actor, "create votes")
        const problems = newVoteProblems(input)
        if (problems.length > 0) return yield* new InvalidVote({ message: problems.join("; "), problems })
        const vote: Vote = {
          voteId: VoteId.make(yield* ids.next("vote")),
          title: input.title.trim(),
          description: input.description.trim(),
          opensAt: input.opensAt,
          closesAt: input.closesAt,
          quiz: input.quiz,
          createdBy: actor.memberId,
          createdAt: yield* Clock.currentTimeMillis,
        }
        yield* store.saveVote(vote)
        yield* recordAudit(actor.memberId, AuditAction.voteCreated, auditSubject.vote(vote.voteId), {
          title: vote.title,
          opensAt: String(vote.opensAt),
          closesAt: String(vote.closesAt),
        }).pipe(Effect.provideService(AuditLog, auditLog))
        return vote
      })

      const closeVote = Effect.fn("GovernanceService.closeVote")(function* (actor: Actor, voteId: VoteId) {
        yield* requireAdmin(actor, "close votes")
        const vote = yield* voteOf(voteId)
        const now = yield* Clock.currentTimeMillis
        if (votePhase(vote, now) === "closed")
          return yield* new VoteClosed({ message: "This vote is closed" })
        const closed: Vote = { ...vote, closedAt: now }
        yield* store.saveVote(closed)
        yield* recordAudit(actor.memberId, AuditAction.voteClosed, auditSubject.vote(voteId), {
          title: vote.title,
        }).pipe(Effect.provideService(AuditLog, auditLog))
        return closed
      })

      const allVotes = Effect.fn("GovernanceService.allVotes")(function* (actor: Actor) {
        yield* requireAdmin(actor, "list every vote")
        return yield* store.listVotes
      })

      return GovernanceService.of({
        listVotes,
        allVotes,
        submitQuizAnswers,
        castBallot,
        results,
        createVote,
        closeVote,
      })
    }),
  )
}
