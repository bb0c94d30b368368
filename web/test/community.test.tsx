/**
 * The community components in the DOM (happy-dom) with the API's transport replaced: a vote's ballot stays hidden
 * until its quiz is passed, a closed vote shows its result, and the ask-question form uses core's words.
 */
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import { VoteCard } from "../src/components/community/VoteCard.tsx"
import { QUIZ_NOT_PASSED, QUIZ_NOT_PASSED_YET, QUIZ_PASSED_BALLOT_OPEN } from "../src/machines/voteMachine.ts"
import { Route as AskRoute } from "../src/routes/dashboard.community.ask-question.tsx"
import { renderInRouter } from "./support/router.tsx"
import { aVote } from "./support/voteFixture.ts"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const serve = (answer: (path: string, body: unknown) => Response) => {
  const calls: Array<{ path: string; body: unknown }> = []
  setFetch(async (input, init) => {
    const path = String(input).replace(/^\/api/, "")
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    calls.push({ path, body })
    if (path === "/user") return json(401, { message: "Not signed in" })
    return answer(path, body)
  })
  return calls
}

afterEach(cleanup)

describe("VoteCard", () => {
  it("keeps the ballot hidden after a failed quiz, opens it after a passed one, and casts the member's choice", async () => {
    const calls = serve((path, body) => {
      if (path.endsWith("/quiz")) {
        const right = (body as { answers: Record<string, string> }).answers.q1 === "a"
        return json(200, {
          quizAnswer: "answer_submitted",
          quizResult: right ? "all_right_answer_submitted" : "all_right_answer_not_given",
          wrongQuestionIds: right ? [] : ["q1"],
        })
      }
      return json(200, { voteId: "vote_1", memberId: "m", answer: "n", at: 1 })
    })
    await renderInRouter(() => (
      <ul>
        <VoteCard vote={aVote()} />
      </ul>
    ))
    expect(screen.getByText("Not voted yet")).toBeTruthy()
    fireEvent.click(screen.getByLabelText("Space"))
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check my answers" }))
    })
    await waitFor(() => expect(screen.getByText(QUIZ_NOT_PASSED)).toBeTruthy())
    expect(screen.getByText("This answer is not right.")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Cast my vote" })).toBeNull()

    fireEvent.click(screen.getByLabelText("Habitat"))
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check my answers" }))
    })
    await waitFor(() => expect(screen.getByRole("button", { name: "Cast my vote" })).toBeTruthy())
    fireEvent.click(screen.getByLabelText("No"))
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cast my vote" }))
    })
    await waitFor(() => expect(screen.getByText(/^You voted/).textContent).toContain("You voted No."))
    expect(calls.map((c) => c.path)).toEqual([
      "/governance/votes/vote_1/quiz",
      "/governance/votes/vote_1/quiz",
      "/governance/votes/vote_1/ballot",
    ])
    expect(calls[2]!.body).toEqual({ answer: "n" })
  })

  it("checking the quiz says its result in a status region that was there before, and moves focus to what comes next", async () => {
    serve((path, body) => {
      if (path.endsWith("/quiz")) {
        const right = (body as { answers: Record<string, string> }).answers.q1 === "a"
        return json(200, {
          quizAnswer: "answer_submitted",
          quizResult: right ? "all_right_answer_submitted" : "all_right_answer_not_given",
          wrongQuestionIds: right ? [] : ["q1"],
        })
      }
      return json(200, { voteId: "vote_1", memberId: "m", answer: "y", at: 1 })
    })
    await renderInRouter(() => (
      <ul>
        <VoteCard vote={aVote()} />
      </ul>
    ))
    const status = screen.getByRole("status")
    expect(status.textContent).toBe("")
    const check = screen.getByRole("button", { name: "Check my answers" })

    // Not passed: the status says so, and focus is on the message saying what to do (not an alert as well).
    fireEvent.click(screen.getByLabelText("Space"))
    check.focus()
    await act(async () => fireEvent.click(check))
    await waitFor(() => expect(status.textContent).toBe(QUIZ_NOT_PASSED_YET))
    expect(document.activeElement?.textContent).toBe(QUIZ_NOT_PASSED)
    expect(document.activeElement?.getAttribute("tabindex")).toBe("-1")
    expect(screen.queryByRole("alert")).toBeNull()

    // Passed: the same region says the ballot is open; the quiz and its button are gone, focus is on the ballot.
    fireEvent.click(screen.getByLabelText("Habitat"))
    screen.getByRole("button", { name: "Check my answers" }).focus()
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Check my answers" })))
    await waitFor(() => expect(status.textContent).toBe(QUIZ_PASSED_BALLOT_OPEN))
    expect(screen.getByRole("status")).toBe(status)
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Cast your vote" }))

    // Cast: the ballot is gone, focus is on what the member did.
    fireEvent.click(screen.getByLabelText("Yes"))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cast my vote" })))
    await waitFor(() => expect(document.activeElement?.textContent).toContain("You voted Yes."))
  })

  it("a ballot open when the page opens takes no focus", async () => {
    serve(() => json(500, {}))
    await renderInRouter(() => (
      <ul>
        <VoteCard
          vote={aVote({ quizAnswer: "answer_submitted", quizResult: "all_right_answer_submitted" })}
        />
      </ul>
    ))
    expect(screen.getByRole("heading", { name: "Cast your vote" })).toBeTruthy()
    expect(document.activeElement).toBe(document.body)
    expect(screen.getByRole("status").textContent).toBe("")
  })

  it("shows a closed vote's result: Yes at 50% or more, Not Decided without ballots", async () => {
    serve(() => json(500, {}))
    await renderInRouter(() => (
      <ul>
        <VoteCard
          vote={aVote({
            voteState: "vote_closed",
            results: { voteId: "vote_1", yes: 1, no: 1, yesPercentage: 50, outcome: "Yes" } as never,
          })}
        />
        <VoteCard vote={aVote({ voteId: "vote_2" as never, voteState: "vote_closed" })} />
      </ul>
    ))
    const results = [...document.querySelectorAll(".cm-results strong")].map((e) => e.textContent)
    expect(results).toEqual(["Yes", "Not Decided"])
    expect(screen.getByText(/Yes 1 · No 1/)).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Check my answers" })).toBeNull()
  })
})

describe("ask-question form", () => {
  it("refuses a blank question with core's words, then sends the trimmed question", async () => {
    const calls = serve(() => json(200, { questionId: "q", question: "Why?", status: "Open", answers: [] }))
    const Ask = AskRoute.options.component!
    await renderInRouter(() => <Ask />)
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Ask the community" }))
    })
    expect(screen.getByText("Question is required")).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/Your question/), { target: { value: "  Why hedgerows?  " } })
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Ask the community" }))
    })
    await waitFor(() => expect(screen.getByText(/Your question is asked/)).toBeTruthy())
    expect(calls.filter((c) => c.path === "/community/create-question").map((c) => c.body)).toEqual([
      { question: "Why hedgerows?" },
    ])
  })
})
