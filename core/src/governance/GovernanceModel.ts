/**
 * Governance (spec §3 Vote; decisions.md, Governance): votes with an optional quiz, one ballot per member who
 * owns at least one Unit, results as Yes / No / Not Decided.
 */
import { Schema } from "effect"
import { MemberId } from "../shared/Ids.ts"
import { VoteOutcome } from "./VoteResult.ts"

export const VoteId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("VoteId"))
export type VoteId = typeof VoteId.Type

export const QuizOption = Schema.Struct({
  optionId: Schema.String.check(Schema.isMinLength(1)),
  text: Schema.String.check(Schema.isMinLength(1)),
})
export type QuizOption = typeof QuizOption.Type

/** A quiz question as stored, with its right answer. */
export const QuizQuestion = Schema.Struct({
  questionId: Schema.String.check(Schema.isMinLength(1)),
  question: Schema.String.check(Schema.isMinLength(1)),
  options: Schema.Array(QuizOption),
  /** The optionId of the right answer. Never shown to members. */
  rightOptionId: Schema.String,
})
export type QuizQuestion = typeof QuizQuestion.Type

/** A quiz question as members see it: without the right answer. */
export const QuizQuestionView = Schema.Struct({
  questionId: Schema.String,
  question: Schema.String,
  options: Schema.Array(QuizOption),
})
export type QuizQuestionView = typeof QuizQuestionView.Type

export const Vote = Schema.Struct({
  voteId: VoteId,
  title: Schema.String,
  description: Schema.String,
  /** Epoch milliseconds: ballots are accepted from opensAt (inclusive) to closesAt (exclusive). */
  opensAt: Schema.Int,
  closesAt: Schema.Int,
  /** Empty when the vote has no quiz. */
  quiz: Schema.Array(QuizQuestion),
  /** Set when an admin closed the vote before closesAt. */
  closedAt: Schema.optionalKey(Schema.Int),
  createdBy: MemberId,
  createdAt: Schema.Int,
})
export type Vote = typeof Vote.Type

/** What an admin gives to create a vote. */
export const NewVote = Schema.Struct({
  title: Schema.String,
  description: Schema.String,
  opensAt: Schema.Int,
  closesAt: Schema.Int,
  quiz: Schema.Array(QuizQuestion),
})
export type NewVote = typeof NewVote.Type

/** A ballot: yes or no. */
export const BallotAnswer = Schema.Literals(["y", "n"])
export type BallotAnswer = typeof BallotAnswer.Type

/** A member's answer on a vote as shown: y, n, or "" when no vote was made (spec §3). */
export const VoteAnswer = Schema.Literals(["y", "n", ""])
export type VoteAnswer = typeof VoteAnswer.Type

export const Ballot = Schema.Struct({
  voteId: VoteId,
  memberId: MemberId,
  answer: BallotAnswer,
  at: Schema.Int,
})
export type Ballot = typeof Ballot.Type

/** A member's last quiz submission on a vote. */
export const QuizAttempt = Schema.Struct({
  voteId: VoteId,
  memberId: MemberId,
  /** questionId → chosen optionId. */
  answers: Schema.Record(Schema.String, Schema.String),
  allRight: Schema.Boolean,
  at: Schema.Int,
})
export type QuizAttempt = typeof QuizAttempt.Type

/** The member's ballot state on a vote (spec §3). */
export const VoteStateFlag = Schema.Literals(["vote_not_submitted", "vote_submitted_already", "vote_closed"])
export type VoteStateFlag = typeof VoteStateFlag.Type

/** Whether the member has sent quiz answers (spec §3). */
export const QuizAnswerFlag = Schema.Literals(["answer_submitted", "answer_not_submitted"])
export type QuizAnswerFlag = typeof QuizAnswerFlag.Type

/** Whether every quiz answer the member sent is right (spec §3). */
export const QuizResultFlag = Schema.Literals(["all_right_answer_submitted", "all_right_answer_not_given"])
export type QuizResultFlag = typeof QuizResultFlag.Type

export const VoteResults = Schema.Struct({
  voteId: VoteId,
  yes: Schema.Int,
  no: Schema.Int,
  /** voteResultYesPercentage: null while nobody has voted. */
  yesPercentage: Schema.NullOr(Schema.Number),
  outcome: VoteOutcome,
})
export type VoteResults = typeof VoteResults.Type

/** A vote as one member sees it in the open or closed list. */
export const VoteView = Schema.Struct({
  voteId: VoteId,
  title: Schema.String,
  description: Schema.String,
  opensAt: Schema.Int,
  closesAt: Schema.Int,
  quiz: Schema.Array(QuizQuestionView),
  voteState: VoteStateFlag,
  quizAnswer: QuizAnswerFlag,
  quizResult: QuizResultFlag,
  answer: VoteAnswer,
  /** False when the member owns no Unit (the ballot would be refused). */
  eligible: Schema.Boolean,
  /** Closed votes only. */
  results: Schema.optionalKey(VoteResults),
})
export type VoteView = typeof VoteView.Type

export type VotePhase = "upcoming" | "open" | "closed"

/** Upcoming before opensAt; open from opensAt until closesAt or an admin's close; closed after. */
export const votePhase = (vote: Vote, now: number): VotePhase =>
  vote.closedAt !== undefined || now >= vote.closesAt ? "closed" : now < vote.opensAt ? "upcoming" : "open"

/** True when every quiz question is answered with its right option (vacuously true without a quiz). */
export const allQuizAnswersRight = (
  quiz: ReadonlyArray<QuizQuestion>,
  answers: Readonly<Record<string, string>>,
) => quiz.every((q) => answers[q.questionId] === q.rightOptionId)

/** The questions answered wrongly or not at all, in quiz order. */
export const wrongQuizAnswers = (
  quiz: ReadonlyArray<QuizQuestion>,
  answers: Readonly<Record<string, string>>,
): ReadonlyArray<string> =>
  quiz.filter((q) => answers[q.questionId] !== q.rightOptionId).map((q) => q.questionId)

/** The problems of a new vote, empty when it can be created. */
export const newVoteProblems = (vote: NewVote): ReadonlyArray<string> => {
  const problems: Array<string> = []
  if (vote.title.trim().length === 0) problems.push("A vote needs a title")
  if (vote.closesAt <= vote.opensAt) problems.push("A vote must close after it opens")
  const questionIds = new Set<string>()
  for (const q of vote.quiz) {
    if (questionIds.has(q.questionId)) problems.push(`Quiz question ${q.questionId} appears twice`)
    questionIds.add(q.questionId)
    if (q.question.trim().length === 0) problems.push(`Quiz question ${q.questionId} has no text`)
    const optionIds = new Set(q.options.map((o) => o.optionId))
    if (q.options.length < 2) problems.push(`Quiz question ${q.questionId} needs at least two options`)
    if (optionIds.size !== q.options.length) problems.push(`Quiz question ${q.questionId} repeats an option`)
    if (!optionIds.has(q.rightOptionId)) {
      problems.push(`The right answer of quiz question ${q.questionId} is not one of its options`)
    }
  }
  return problems
}
