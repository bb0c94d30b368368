/**
 * The governance and sales chat machines, run with `createActor(machine.provide(...))` and their requests
 * replaced: the quiz gates the ballot, the ballot is cast once, closed votes only show results, and the sales chat
 * sends, looks for answers on a timer and keeps the thread when a look fails.
 */

import type { VoteView } from "@landunits/core/governance/GovernanceModel.ts"
import type { SalesThreadView } from "@landunits/core/saleschat/SalesChatModel.ts"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../src/api/client.ts"
import type { QuizOutcome } from "../src/api/community.ts"
import { POLL_MS, salesChatMachine } from "../src/machines/salesChatMachine.ts"
import {
  CHOOSE_YES_OR_NO,
  QUIZ_INCOMPLETE,
  QUIZ_NOT_PASSED,
  voteMachine,
} from "../src/machines/voteMachine.ts"
import { aVote } from "./support/voteFixture.ts"

const passed: QuizOutcome = {
  quizAnswer: "answer_submitted",
  quizResult: "all_right_answer_submitted",
  wrongQuestionIds: [],
}
const failed: QuizOutcome = {
  quizAnswer: "answer_submitted",
  quizResult: "all_right_answer_not_given",
  wrongQuestionIds: ["q1"],
}

const startVote = (
  v: VoteView,
  quiz: (answers: Readonly<Record<string, string>>) => Promise<QuizOutcome> = async () => passed,
  ballot: (answer: string) => Promise<unknown> = async () => ({}),
) => {
  const calls = { quiz: [] as Array<unknown>, ballot: [] as Array<string> }
  const actor = createActor(
    voteMachine.provide({
      actors: {
        quizCheck: fromPromise(async ({ input }) => {
          calls.quiz.push(input.answers)
          return quiz(input.answers)
        }),
        ballotCast: fromPromise(async ({ input }) => {
          calls.ballot.push(input.answer)
          return ballot(input.answer)
        }),
      },
    }),
    { input: { vote: v } },
  ).start()
  return { actor, calls }
}

describe("vote machine (quiz → ballot → results)", () => {
  it("starts where the member's flags say: closed, already voted, not eligible, quiz, or ballot when passed or quiz-less", () => {
    expect(startVote(aVote({ voteState: "vote_closed" })).actor.getSnapshot().value).toBe("closed")
    expect(
      startVote(aVote({ voteState: "vote_submitted_already", answer: "y" })).actor.getSnapshot().value,
    ).toBe("voted")
    expect(startVote(aVote({ eligible: false })).actor.getSnapshot().value).toBe("notEligible")
    expect(startVote(aVote()).actor.getSnapshot().value).toBe("quiz")
    expect(
      startVote(
        aVote({ quizAnswer: "answer_submitted", quizResult: "all_right_answer_submitted" }),
      ).actor.getSnapshot().value,
    ).toBe("ballot")
    expect(startVote(aVote({ quiz: [] })).actor.getSnapshot().value).toBe("ballot")
  })

  it("a quiz with a question unanswered is not sent", () => {
    const { actor, calls } = startVote(aVote())
    actor.send({ type: "quiz.submit" })
    expect(actor.getSnapshot().value).toBe("quiz")
    expect(actor.getSnapshot().context.error).toBe(QUIZ_INCOMPLETE)
    expect(calls.quiz).toEqual([])
  })

  it("a failed quiz refuses the ballot: back to the quiz with the wrong questions marked, and no ballot can be cast", async () => {
    const { actor, calls } = startVote(aVote(), async () => failed)
    actor.send({ type: "quiz.choose", questionId: "q1", optionId: "b" })
    actor.send({ type: "quiz.submit" })
    const snapshot = await waitFor(actor, (s) => s.matches("quiz") && s.context.error !== null)
    expect(snapshot.context).toMatchObject({ wrongQuestionIds: ["q1"], error: QUIZ_NOT_PASSED })
    expect(snapshot.context.vote.quizAnswer).toBe("answer_submitted")
    actor.send({ type: "ballot.choose", answer: "y" })
    actor.send({ type: "ballot.cast" })
    expect(actor.getSnapshot().value).toBe("quiz")
    expect(calls.ballot).toEqual([])
    // Choosing another answer clears that question's mark.
    actor.send({ type: "quiz.choose", questionId: "q1", optionId: "a" })
    expect(actor.getSnapshot().context.wrongQuestionIds).toEqual([])
  })

  it("a passed quiz opens the ballot; the ballot needs a choice and is cast once, then the vote is voted", async () => {
    const { actor, calls } = startVote(aVote())
    actor.send({ type: "quiz.choose", questionId: "q1", optionId: "a" })
    actor.send({ type: "quiz.submit" })
    await waitFor(actor, (s) => s.matches("ballot"))
    expect(calls.quiz).toEqual([{ q1: "a" }])
    actor.send({ type: "ballot.cast" })
    expect(actor.getSnapshot().context.error).toBe(CHOOSE_YES_OR_NO)
    actor.send({ type: "ballot.choose", answer: "n" })
    actor.send({ type: "ballot.cast" })
    const done = await waitFor(actor, (s) => s.matches("voted"))
    expect(calls.ballot).toEqual(["n"])
    expect(done.context.vote).toMatchObject({ voteState: "vote_submitted_already", answer: "n" })
    expect(done.status).toBe("done")
  })

  it("a refused ballot stays on the ballot with the server's message", async () => {
    const { actor } = startVote(aVote({ quiz: [] }), undefined, async () => {
      throw new ApiError("You have already voted", 409)
    })
    actor.send({ type: "ballot.choose", answer: "y" })
    actor.send({ type: "ballot.cast" })
    const snapshot = await waitFor(actor, (s) => s.matches("ballot") && s.context.error !== null)
    expect(snapshot.context.error).toBe("You have already voted")
  })
})

const thread = (texts: ReadonlyArray<[from: "member" | "team", text: string]>): SalesThreadView =>
  ({
    memberId: "mem_1",
    messages: texts.map(([from, text], i) => ({
      messageId: `m${i}`,
      memberId: "mem_1",
      from,
      authorName: from === "team" ? "Sam" : "Ann",
      text,
      at: i,
    })),
    awaitingReply: texts.at(-1)?.[0] === "member",
  }) as unknown as SalesThreadView

describe("sales chat machine", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const startChat = (
    threads: Array<() => Promise<SalesThreadView>>,
    send: (text: string) => Promise<SalesThreadView>,
  ) => {
    const sent: Array<string> = []
    let loads = 0
    const actor = createActor(
      salesChatMachine.provide({
        actors: {
          thread: fromPromise(() => {
            loads++
            const next = threads.shift()
            if (next === undefined) throw new Error("no more threads")
            return next()
          }),
          send: fromPromise(({ input }) => {
            sent.push(input)
            return send(input)
          }),
        },
      }),
    ).start()
    return { actor, sent, loads: () => loads }
  }

  it("loads the thread, sends a message and counts it sent; a refused message keeps the thread and says why", async () => {
    let refuse = false
    const { actor, sent } = startChat([async () => thread([])], async (text) => {
      if (refuse) throw new ApiError("Please write a message", 400)
      return thread([["member", text]])
    })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"))
    actor.send({ type: "chat.send", text: "Hello" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await vi.waitFor(() => expect(actor.getSnapshot().context.sent).toBe(1))
    expect(sent).toEqual(["Hello"])
    expect(actor.getSnapshot().context.thread?.awaitingReply).toBe(true)
    refuse = true
    actor.send({ type: "chat.send", text: " " })
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe("Please write a message"))
    expect(actor.getSnapshot().context).toMatchObject({ sent: 1 })
    expect(actor.getSnapshot().context.thread?.messages).toHaveLength(1)
  })

  it("looks for the team's answer every POLL_MS, and a failed look keeps the thread shown", async () => {
    const { actor, loads } = startChat(
      [
        async () => thread([["member", "Hi"]]),
        async () => {
          throw new ApiError("Server down", 0)
        },
        async () =>
          thread([
            ["member", "Hi"],
            ["team", "Hello from sales"],
          ]),
      ],
      async () => thread([]),
    )
    // vi.waitFor would move the fake clock: the clock moves only where this test says.
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe("ready")
    await vi.advanceTimersByTimeAsync(POLL_MS - 1)
    expect(loads()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(loads()).toBe(2)
    expect(actor.getSnapshot().value).toBe("ready")
    expect(actor.getSnapshot().context.thread?.messages.map((m) => m.text)).toEqual(["Hi"])
    actor.send({ type: "chat.refresh" })
    await vi.waitFor(() => expect(actor.getSnapshot().context.thread?.awaitingReply).toBe(false))
    expect(actor.getSnapshot().context.thread?.messages.at(-1)?.text).toBe("Hello from sales")
  })

  it("a thread that cannot be loaded says why, and chat.retry loads it again", async () => {
    const { actor } = startChat(
      [
        async () => {
          throw new ApiError("Server down", 0)
        },
        async () => thread([]),
      ],
      async () => thread([]),
    )
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("failed"))
    expect(actor.getSnapshot().context.error).toBe("Server down")
    actor.send({ type: "chat.retry" })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"))
  })
})
