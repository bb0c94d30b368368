/** An open vote as the API answers it (one quiz question, nothing submitted yet), for the community tests. */
import type { VoteView } from "@landunits/core/governance/GovernanceModel.ts"

export const aVote = (change: Partial<VoteView> = {}): VoteView =>
  ({
    voteId: "vote_1",
    title: "Plant hedgerows",
    description: "Should we?",
    opensAt: 0,
    closesAt: Date.UTC(2030, 0, 1),
    quiz: [
      {
        questionId: "q1",
        question: "What do hedgerows add?",
        options: [
          { optionId: "a", text: "Habitat" },
          { optionId: "b", text: "Space" },
        ],
      },
    ],
    voteState: "vote_not_submitted",
    quizAnswer: "answer_not_submitted",
    quizResult: "all_right_answer_not_given",
    answer: "",
    eligible: true,
    ...change,
  }) as VoteView
