/**
 * One vote as a member meets it (spec §3 Vote; decisions.md, Governance): the quiz must be passed before the
 * ballot; the ballot is yes or no, once; a closed vote shows its results.
 *
 *   deciding ─► closed | voted | notEligible | ballot | quiz
 *   quiz ─quiz.submit─► checkingQuiz ─all right─► ballot ─ballot.cast─► casting ─► voted
 *                                    └─wrong──► quiz (the wrong questions marked; no ballot)
 *
 * The requests are the `quizCheck` and `ballotCast` actors, provided by the page (and by tests).
 */
import type { BallotAnswer, VoteView } from "@landunits/core/governance/GovernanceModel.ts"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"
import type { QuizOutcome } from "../api/community.ts"

export const QUIZ_NOT_PASSED =
  "Some answers are not right yet. Read the marked questions again: the ballot opens once every answer is right."
export const QUIZ_INCOMPLETE = "Answer every question of the quiz."
export const CHOOSE_YES_OR_NO = "Choose Yes or No."
/** The quiz's result as the card states it once checked (a status message, WCAG 4.1.3). */
export const QUIZ_PASSED_BALLOT_OPEN =
  "Quiz passed: every answer is right. The ballot is open: choose Yes or No."
export const QUIZ_NOT_PASSED_YET = "Quiz not passed yet."

export interface VoteContext {
  readonly vote: VoteView
  readonly answers: Readonly<Record<string, string>>
  readonly wrongQuestionIds: ReadonlyArray<string>
  readonly choice: BallotAnswer | null
  readonly error: string | null
  /** The result of the quiz checked on this page (null before, and while it is checked again). */
  readonly quizOutcome: "passed" | "notPassed" | null
}

type VoteEvent =
  | { readonly type: "quiz.choose"; readonly questionId: string; readonly optionId: string }
  | { readonly type: "quiz.submit" }
  | { readonly type: "ballot.choose"; readonly answer: BallotAnswer }
  | { readonly type: "ballot.cast" }

export const voteMachine = setup({
  types: {
    context: {} as VoteContext,
    events: {} as VoteEvent,
    input: {} as { readonly vote: VoteView },
  },
  actors: {
    quizCheck: fromPromise<QuizOutcome, { voteId: string; answers: Readonly<Record<string, string>> }>(
      async () => {
        throw new Error("provide the quizCheck actor")
      },
    ),
    ballotCast: fromPromise<unknown, { voteId: string; answer: BallotAnswer }>(async () => {
      throw new Error("provide the ballotCast actor")
    }),
  },
  guards: {
    isClosed: ({ context }) => context.vote.voteState === "vote_closed",
    isVoted: ({ context }) => context.vote.voteState === "vote_submitted_already",
    isNotEligible: ({ context }) => !context.vote.eligible,
    isQuizPassed: ({ context }) =>
      context.vote.quiz.length === 0 || context.vote.quizResult === "all_right_answer_submitted",
    isQuizComplete: ({ context }) =>
      context.vote.quiz.every((q) => context.answers[q.questionId] !== undefined),
    hasChoice: ({ context }) => context.choice !== null,
  },
}).createMachine({
  id: "vote",
  context: ({ input }) => ({
    vote: input.vote,
    answers: {},
    wrongQuestionIds: [],
    choice: null,
    error: null,
    quizOutcome: null,
  }),
  initial: "deciding",
  states: {
    deciding: {
      always: [
        { guard: "isClosed", target: "closed" },
        { guard: "isVoted", target: "voted" },
        { guard: "isNotEligible", target: "notEligible" },
        { guard: "isQuizPassed", target: "ballot" },
        { target: "quiz" },
      ],
    },
    quiz: {
      on: {
        "quiz.choose": {
          actions: assign({
            answers: ({ context, event }) => ({ ...context.answers, [event.questionId]: event.optionId }),
            wrongQuestionIds: ({ context, event }) =>
              context.wrongQuestionIds.filter((id) => id !== event.questionId),
          }),
        },
        "quiz.submit": [
          {
            guard: "isQuizComplete",
            target: "checkingQuiz",
            actions: assign({ error: null, quizOutcome: null }),
          },
          { actions: assign({ error: QUIZ_INCOMPLETE }) },
        ],
      },
    },
    checkingQuiz: {
      tags: ["busy"],
      invoke: {
        src: "quizCheck",
        input: ({ context }) => ({ voteId: context.vote.voteId, answers: context.answers }),
        onDone: [
          {
            guard: ({ event }) => event.output.quizResult === "all_right_answer_submitted",
            target: "ballot",
            actions: assign({
              quizOutcome: "passed",
              wrongQuestionIds: [],
              vote: ({ context, event }) => ({
                ...context.vote,
                quizAnswer: event.output.quizAnswer,
                quizResult: event.output.quizResult,
              }),
            }),
          },
          {
            target: "quiz",
            actions: assign({
              quizOutcome: "notPassed",
              wrongQuestionIds: ({ event }) => event.output.wrongQuestionIds,
              error: QUIZ_NOT_PASSED,
              vote: ({ context, event }) => ({
                ...context.vote,
                quizAnswer: event.output.quizAnswer,
                quizResult: event.output.quizResult,
              }),
            }),
          },
        ],
        onError: { target: "quiz", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    ballot: {
      on: {
        "ballot.choose": { actions: assign({ choice: ({ event }) => event.answer, error: null }) },
        "ballot.cast": [
          { guard: "hasChoice", target: "casting", actions: assign({ error: null }) },
          { actions: assign({ error: CHOOSE_YES_OR_NO }) },
        ],
      },
    },
    casting: {
      tags: ["busy"],
      invoke: {
        src: "ballotCast",
        input: ({ context }) => ({ voteId: context.vote.voteId, answer: context.choice ?? "y" }),
        onDone: {
          target: "voted",
          actions: assign({
            vote: ({ context }) => ({
              ...context.vote,
              voteState: "vote_submitted_already" as const,
              answer: context.choice ?? "",
            }),
          }),
        },
        onError: { target: "ballot", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    voted: { type: "final" },
    notEligible: { type: "final" },
    closed: { type: "final" },
  },
})
