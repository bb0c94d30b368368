/**
 * The API calls of the governance, community and sales chat pages (docs/api.md: /governance, /community,
 * /saleschat, /content/projects), typed with core's shapes.
 */
import type {
  AgentApplication,
  AgentApplicationInput,
  IdeaView,
  NewIdea,
  Question,
  QuestionViewBy,
} from "@landunits/core/community/CommunityModel.ts"
import type { LandProject } from "@landunits/core/content/ContentModel.ts"
import type {
  Ballot,
  BallotAnswer,
  QuizAnswerFlag,
  QuizResultFlag,
  VoteView,
} from "@landunits/core/governance/GovernanceModel.ts"
import type { SalesThreadView } from "@landunits/core/saleschat/SalesChatModel.ts"
import { request } from "./client.ts"

export interface QuizOutcome {
  readonly quizAnswer: QuizAnswerFlag
  readonly quizResult: QuizResultFlag
  readonly wrongQuestionIds: ReadonlyArray<string>
}

export interface AgentStatus {
  readonly isAgent: boolean
  readonly applications: ReadonlyArray<AgentApplication>
}

const enc = encodeURIComponent

export const communityApi = {
  projects: () => request<ReadonlyArray<LandProject>>("GET", "/content/projects"),
  votes: (which: "open" | "closed") =>
    request<ReadonlyArray<VoteView>>("GET", `/governance/votes?which=${which}`),
  submitQuiz: (voteId: string, answers: Readonly<Record<string, string>>) =>
    request<QuizOutcome>("POST", `/governance/votes/${enc(voteId)}/quiz`, { answers }),
  castBallot: (voteId: string, answer: BallotAnswer) =>
    request<Ballot>("POST", `/governance/votes/${enc(voteId)}/ballot`, { answer }),
  questions: (viewBy: QuestionViewBy) =>
    request<ReadonlyArray<Question>>("GET", `/community/getQuestionAnswers?questionViewBy=${viewBy}`),
  askQuestion: (question: string) => request<Question>("POST", "/community/create-question", { question }),
  answerQuestion: (questionId: string, answerText: string) =>
    request<Question>("POST", "/community/answer-question", { questionId, answerText }),
  closeQuestion: (questionId: string) =>
    request<Question>("POST", "/community/close-question", { questionId }),
  reopenQuestion: (questionId: string) =>
    request<Question>("POST", "/community/reopen-question", { questionId }),
  agentStatus: () => request<AgentStatus>("GET", "/community/agent-status"),
  becomeAgent: (input: AgentApplicationInput) =>
    request<AgentApplication>("POST", "/community/becomeCommunityAgent", input),
  ideas: () => request<ReadonlyArray<IdeaView>>("GET", "/community/ideas"),
  postIdea: (idea: NewIdea) => request<IdeaView>("POST", "/community/ideas", idea),
  upvoteIdea: (ideaId: string) => request<IdeaView>("POST", `/community/ideas/${enc(ideaId)}/upvote`),
  salesThread: () => request<SalesThreadView>("GET", "/saleschat/thread"),
  postSalesMessage: (text: string) => request<SalesThreadView>("POST", "/saleschat/messages", { text }),
}
