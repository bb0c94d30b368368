/**
 * The question lists (spec §2): the open questions, the closed ones and the member's own. The open and the closed
 * list each have two URLs (/dashboard/questions/open and close, and the community tiles open-question and
 * close-question); every route file names its URL and its list and takes the rest from here, so a list's words,
 * data and page (QuestionsPage.tsx) are written once. Plain values, no component: a route's head and loader stay
 * out of the page's chunk.
 */
import type { Question } from "@landunits/core/community/CommunityModel.ts"
import { type AgentStatus, communityApi } from "../../api/community.ts"
import { pageHead } from "../../lib/pageHead.ts"

/** A list's questionViewBy (spec §3). */
export type QuestionList = "Open" | "Closed" | "Own"

export interface QuestionListWords {
  readonly title: string
  readonly lead: string
  /** Said when the list is empty, before the link to ask a question. */
  readonly empty: string
}

export const QUESTION_LISTS: Readonly<Record<QuestionList, QuestionListWords>> = {
  Open: {
    title: "Open questions",
    lead: "Questions members asked that are still open; community agents answer them.",
    empty: "No open question right now.",
  },
  Closed: {
    title: "Closed questions",
    lead: "Answered questions a community agent has closed. The asker can reopen theirs.",
    empty: "No closed question yet.",
  },
  Own: {
    title: "Your questions",
    lead: "The questions you asked, with the community agents' answers.",
    empty: "You have not asked a question yet.",
  },
}

export interface QuestionsData {
  readonly questions: ReadonlyArray<Question>
  readonly agent: AgentStatus
}

/** A question list's head and loader (its questions with their answers, and whether the member is an agent). */
export const questionListRoute = (list: QuestionList) => ({
  head: () => pageHead(QUESTION_LISTS[list].title),
  loader: async (): Promise<QuestionsData> => {
    const [questions, agent] = await Promise.all([communityApi.questions(list), communityApi.agentStatus()])
    return { questions, agent }
  },
})
