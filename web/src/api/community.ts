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
import { call } from "./client.ts"

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
  projects: (): Promise<ReadonlyArray<LandProject>> => call("GET", "/content/projects"),
  votes: (which: "open" | "closed"): Promise<ReadonlyArray<VoteView>> =>
    call("GET", `/governance/votes?which=${which}`),
  submitQuiz: (voteId: string, answers: Readonly<Record<string, string>>): Promise<QuizOutcome> =>
    call("POST", `/governance/votes/${enc(voteId)}/quiz`, { answers }),
  castBallot: (voteId: string, answer: BallotAnswer): Promise<Ballot> =>
    call("POST", `/governance/votes/${enc(voteId)}/ballot`, { answer }),
  questions: (viewBy: QuestionViewBy): Promise<ReadonlyArray<Question>> =>
    call("GET", `/community/getQuestionAnswers?questionViewBy=${viewBy}`),
  askQuestion: (question: string): Promise<Question> =>
    call("POST", "/community/create-question", { question }),
  answerQuestion: (questionId: string, answerText: string): Promise<Question> =>
    call("POST", "/community/answer-question", { questionId, answerText }),
  closeQuestion: (questionId: string): Promise<Question> =>
    call("POST", "/community/close-question", { questionId }),
  reopenQuestion: (questionId: string): Promise<Question> =>
    call("POST", "/community/reopen-question", { questionId }),
  agentStatus: (): Promise<AgentStatus> => call("GET", "/community/agent-status"),
  becomeAgent: (input: AgentApplicationInput): Promise<AgentApplication> =>
    call("POST", "/community/becomeCommunityAgent", input),
  ideas: (): Promise<ReadonlyArray<IdeaView>> => call("GET", "/community/ideas"),
  postIdea: (idea: NewIdea): Promise<IdeaView> => call("POST", "/community/ideas", idea),
  upvoteIdea: (ideaId: string): Promise<IdeaView> => call("POST", `/community/ideas/${enc(ideaId)}/upvote`),
  salesThread: (): Promise<SalesThreadView> => call("GET", "/saleschat/thread"),
  postSalesMessage: (text: string): Promise<SalesThreadView> => call("POST", "/saleschat/messages", { text }),
}
