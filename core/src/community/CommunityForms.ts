/**
 * The community forms of the dashboard (ask a question, answer it, post an idea, apply to be an agent), with the
 * same rules and words as the service's checks (CommunityModel.checkText): text is trimmed, blank text is refused
 * with "<Label> is required", and each field has its length limit (CommunityLimits).
 */
import { Schema } from "effect"
import { maxLength, requiredText } from "../validation/Fields.ts"
import { CommunityLimits } from "./CommunityModel.ts"

const text = (label: string, max: number) =>
  requiredText(`${label} is required`, maxLength(max, `${label} must be at most ${max} characters`))

export const QuestionForm = Schema.Struct({ question: text("Question", CommunityLimits.question) })
export type QuestionForm = typeof QuestionForm.Type

export const AnswerForm = Schema.Struct({ answerText: text("Answer", CommunityLimits.answerText) })
export type AnswerForm = typeof AnswerForm.Type

export const IdeaForm = Schema.Struct({
  title: text("Title", CommunityLimits.ideaTitle),
  description: text("Description", CommunityLimits.ideaDescription),
})
export type IdeaForm = typeof IdeaForm.Type

export const AgentApplicationForm = Schema.Struct({
  reason: text("Reason", CommunityLimits.reason),
  experienceAndMotivation: text("Experience and motivation", CommunityLimits.experienceAndMotivation),
})
export type AgentApplicationForm = typeof AgentApplicationForm.Type
