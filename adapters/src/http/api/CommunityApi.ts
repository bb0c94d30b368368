/**
 * Governance (votes with quizzes, ballots, results), the community's questions and agents, and ideas
 * (spec §7 /community, /governance; the vote and idea routes the spec implies). All member routes.
 */
import { Forbidden } from "@landunits/core/access/AccessErrors.ts"
import {
  AgentApplicationConflict,
  IdeaNotFound,
  InvalidCommunityInput,
  QuestionNotFound,
  QuestionStatusConflict,
  UpvoteRefused,
} from "@landunits/core/community/CommunityErrors.ts"
import {
  AgentApplication,
  type AgentApplicationInput,
  CommunityLimits,
  IdeaId,
  IdeaView,
  type NewIdea,
  Question,
  QuestionId,
  QuestionViewBy,
} from "@landunits/core/community/CommunityModel.ts"
import {
  AlreadyVoted,
  NotEligibleToVote,
  QuizNotPassed,
  VoteClosed,
  VoteNotFound,
  VoteNotOpen,
  VoteStillOpen,
} from "@landunits/core/governance/GovernanceErrors.ts"
import {
  Ballot,
  BallotAnswer,
  QuizAnswerFlag,
  QuizResultFlag,
  VoteId,
  VoteResults,
  VoteView,
} from "@landunits/core/governance/GovernanceModel.ts"
import { documented } from "@landunits/core/validation/Fields.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

const QuizOutcome = Schema.Struct({
  quizAnswer: QuizAnswerFlag,
  quizResult: QuizResultFlag,
  wrongQuestionIds: Schema.Array(Schema.String),
})

/**
 * A community text as a request carries it: the service trims it and refuses it blank or over `max` characters
 * (core's CommunityModel.checkText, 400 InvalidCommunityInput); the document says so (at least 1, at most `max`).
 */
const communityText = (max: number) => Schema.String.check(documented({ minLength: 1, maxLength: max }))

export class GovernanceApi extends HttpApiGroup.make("governance")
  .add(
    HttpApiEndpoint.get("votes", "/governance/votes", {
      query: { which: Schema.Literals(["open", "closed"]) },
      success: Schema.Array(VoteView),
    }),
    HttpApiEndpoint.get("openVoting", "/governance/open-voting", { success: Schema.Array(VoteView) }),
    HttpApiEndpoint.get("closeVoting", "/governance/close-voting", { success: Schema.Array(VoteView) }),
    HttpApiEndpoint.post("quiz", "/governance/votes/:voteId/quiz", {
      params: { voteId: VoteId },
      payload: Schema.Struct({ answers: Schema.Record(Schema.String, Schema.String) }),
      success: QuizOutcome,
      error: [VoteNotFound, VoteNotOpen, VoteClosed, NotEligibleToVote, AlreadyVoted],
    }),
    HttpApiEndpoint.post("ballot", "/governance/votes/:voteId/ballot", {
      params: { voteId: VoteId },
      payload: Schema.Struct({ answer: BallotAnswer }),
      success: Ballot,
      error: [VoteNotFound, VoteNotOpen, VoteClosed, NotEligibleToVote, QuizNotPassed, AlreadyVoted],
    }),
    HttpApiEndpoint.get("results", "/governance/votes/:voteId/results", {
      params: { voteId: VoteId },
      success: VoteResults,
      error: [VoteNotFound, VoteStillOpen],
    }),
  )
  .middleware(Authentication) {}

export class CommunityApi extends HttpApiGroup.make("community")
  .add(
    HttpApiEndpoint.get("questions", "/community/getQuestionAnswers", {
      query: { questionViewBy: QuestionViewBy },
      success: Schema.Array(Question),
    }),
    HttpApiEndpoint.post("createQuestion", "/community/create-question", {
      payload: Schema.Struct({ question: communityText(CommunityLimits.question) }),
      success: Question,
      error: InvalidCommunityInput,
    }),
    HttpApiEndpoint.post("answerQuestion", "/community/answer-question", {
      payload: Schema.Struct({
        questionId: QuestionId,
        answerText: communityText(CommunityLimits.answerText),
      }),
      success: Question,
      error: [Forbidden, QuestionNotFound, QuestionStatusConflict, InvalidCommunityInput],
    }),
    HttpApiEndpoint.post("closeQuestion", "/community/close-question", {
      payload: Schema.Struct({ questionId: QuestionId }),
      success: Question,
      error: [Forbidden, QuestionNotFound, QuestionStatusConflict],
    }),
    HttpApiEndpoint.post("reopenQuestion", "/community/reopen-question", {
      payload: Schema.Struct({ questionId: QuestionId }),
      success: Question,
      error: [Forbidden, QuestionNotFound, QuestionStatusConflict],
    }),
    HttpApiEndpoint.get("agentStatus", "/community/agent-status", {
      success: Schema.Struct({ isAgent: Schema.Boolean, applications: Schema.Array(AgentApplication) }),
    }),
    HttpApiEndpoint.post("becomeAgent", "/community/becomeCommunityAgent", {
      payload: Schema.Struct({
        reason: communityText(CommunityLimits.reason),
        experienceAndMotivation: communityText(CommunityLimits.experienceAndMotivation),
      }) satisfies Schema.Codec<AgentApplicationInput, unknown>,
      success: AgentApplication,
      error: [InvalidCommunityInput, AgentApplicationConflict],
    }),
    HttpApiEndpoint.get("ideas", "/community/ideas", { success: Schema.Array(IdeaView) }),
    HttpApiEndpoint.post("postIdea", "/community/ideas", {
      payload: Schema.Struct({
        title: communityText(CommunityLimits.ideaTitle),
        description: communityText(CommunityLimits.ideaDescription),
      }) satisfies Schema.Codec<NewIdea, unknown>,
      success: IdeaView,
      error: InvalidCommunityInput,
    }),
    HttpApiEndpoint.post("upvoteIdea", "/community/ideas/:ideaId/upvote", {
      params: { ideaId: IdeaId },
      success: IdeaView,
      error: [IdeaNotFound, UpvoteRefused],
    }),
  )
  .middleware(Authentication) {}
