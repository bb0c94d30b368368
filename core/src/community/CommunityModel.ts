/**
 * Community (spec §3 Community; decisions.md): questions answered by community agents, agent applications,
 * and ideas members post and upvote.
 */
import { Schema } from "effect"
import { ApprovalStatus } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"

export const QuestionId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("QuestionId"))
export type QuestionId = typeof QuestionId.Type

export const AgentApplicationId = Schema.String.check(Schema.isMinLength(1)).pipe(
  Schema.brand("AgentApplicationId"),
)
export type AgentApplicationId = typeof AgentApplicationId.Type

export const IdeaId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("IdeaId"))
export type IdeaId = typeof IdeaId.Type

export const QuestionStatuses = ["Open", "Closed"] as const
export const QuestionStatus = Schema.Literals(QuestionStatuses)
export type QuestionStatus = typeof QuestionStatus.Type

/** questionViewBy (spec §3, GET /community/getQuestionAnswers). */
export const QuestionViewBys = ["All", "Own", "Open", "Closed"] as const
export const QuestionViewBy = Schema.Literals(QuestionViewBys)
export type QuestionViewBy = typeof QuestionViewBy.Type

export const Answer = Schema.Struct({
  answerText: Schema.String,
  /** The agent who answered. */
  agentId: MemberId,
  at: Schema.Int,
})
export type Answer = typeof Answer.Type

export const Question = Schema.Struct({
  questionId: QuestionId,
  question: Schema.String,
  askerId: MemberId,
  status: QuestionStatus,
  /** In the order given. */
  answers: Schema.Array(Answer),
  createdAt: Schema.Int,
  updatedAt: Schema.Int,
})
export type Question = typeof Question.Type

/** True when the question belongs in the `viewBy` list of `memberId`. */
export const inQuestionView = (question: Question, viewBy: QuestionViewBy, memberId: MemberId): boolean => {
  switch (viewBy) {
    case "All":
      return true
    case "Own":
      return question.askerId === memberId
    case "Open":
    case "Closed":
      return question.status === viewBy
  }
}

/** An application to become a community agent (POST /community/becomeCommunityAgent). */
export const AgentApplicationInput = Schema.Struct({
  reason: Schema.String,
  experienceAndMotivation: Schema.String,
})
export type AgentApplicationInput = typeof AgentApplicationInput.Type

/** Pending until an admin decides; then Approved or Rejected. */
export const AgentApplicationStatus = Schema.Literals(["Pending", "Approved", "Rejected"])
export type AgentApplicationStatus = typeof AgentApplicationStatus.Type

export const AgentApplication = Schema.Struct({
  applicationId: AgentApplicationId,
  memberId: MemberId,
  reason: Schema.String,
  experienceAndMotivation: Schema.String,
  status: AgentApplicationStatus,
  submittedAt: Schema.Int,
  decidedBy: Schema.optionalKey(MemberId),
  decidedAt: Schema.optionalKey(Schema.Int),
})
export type AgentApplication = typeof AgentApplication.Type

export const Idea = Schema.Struct({
  ideaId: IdeaId,
  authorId: MemberId,
  title: Schema.String,
  description: Schema.String,
  /** Not Started when posted; set by admins. */
  status: ApprovalStatus,
  createdAt: Schema.Int,
})
export type Idea = typeof Idea.Type

export const NewIdea = Schema.Struct({ title: Schema.String, description: Schema.String })
export type NewIdea = typeof NewIdea.Type

/** An idea as a member sees it: with its upvote count and whether the member upvoted it. */
export const IdeaView = Schema.Struct({
  ...Idea.fields,
  upvotes: Schema.Int,
  upvotedByMe: Schema.Boolean,
  ownIdea: Schema.Boolean,
})
export type IdeaView = typeof IdeaView.Type

/** Lengths of community text (spec silent; chosen here). Text is trimmed; blank text is refused. */
export const CommunityLimits = {
  question: 2000,
  answerText: 5000,
  reason: 1000,
  experienceAndMotivation: 2000,
  ideaTitle: 150,
  ideaDescription: 5000,
} as const

/** The trimmed text, or the problem with it. */
export const checkText = (
  label: string,
  text: string,
  max: number,
): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string } => {
  const trimmed = text.trim()
  if (trimmed.length === 0) return { ok: false, message: `${label} is required` }
  if (trimmed.length > max) return { ok: false, message: `${label} must be at most ${max} characters` }
  return { ok: true, text: trimmed }
}
