/**
 * One vote on the Open Voting or Closed Voting page, driven by the vote machine (quiz → ballot → results).
 * Checking the quiz says its result in the card's status region (there from the start, WCAG 4.1.3) and moves
 * focus to what comes next (2.4.3): the ballot's heading once passed, the message saying what to do if not.
 */
import { formatDateTimeZoned, formatNumber0, formatPercent } from "@landunits/core/format/Format.ts"
import type { VoteResults, VoteView } from "@landunits/core/governance/GovernanceModel.ts"
import { voteResult } from "@landunits/core/governance/VoteResult.ts"
import { useMachine } from "@xstate/react"
import { useId } from "react"
import { fromPromise } from "xstate"
import { communityApi } from "../../api/community.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { QUIZ_NOT_PASSED_YET, QUIZ_PASSED_BALLOT_OPEN, voteMachine } from "../../machines/voteMachine.ts"
import { FormError } from "../shared/Field.tsx"

const machine = voteMachine.provide({
  actors: {
    quizCheck: fromPromise(({ input }) => communityApi.submitQuiz(input.voteId, input.answers)),
    ballotCast: fromPromise(({ input }) => communityApi.castBallot(input.voteId, input.answer)),
  },
})

const ANSWER_LABEL = { y: "Yes", n: "No", "": "No vote made" } as const

/** The member's state flags (spec §3) in words. */
const voteStateLabel = (vote: VoteView) =>
  vote.voteState === "vote_closed"
    ? { text: "Closed", tone: "" }
    : vote.voteState === "vote_submitted_already"
      ? { text: "You have voted", tone: "cm-badge--good" }
      : { text: "Not voted yet", tone: "cm-badge--wait" }

const quizLabel = (vote: VoteView) =>
  vote.quiz.length === 0
    ? null
    : vote.quizResult === "all_right_answer_submitted"
      ? { text: "Quiz passed", tone: "cm-badge--good" }
      : vote.quizAnswer === "answer_submitted"
        ? { text: "Quiz not passed yet", tone: "cm-badge--bad" }
        : { text: "Quiz to answer", tone: "cm-badge--wait" }

export function Results({ results }: { readonly results: VoteResults | undefined }) {
  const outcome = voteResult(results?.yesPercentage)
  const percent = results?.yesPercentage ?? null
  return (
    <div className="cm-results">
      <p>
        Result:{" "}
        <strong
          className={`cm-badge ${outcome === "Yes" ? "cm-badge--good" : outcome === "No" ? "cm-badge--bad" : ""}`}
        >
          {outcome}
        </strong>
      </p>
      {results !== undefined && percent !== null ? (
        <>
          <div className="cm-bar" role="img" aria-label={`${formatPercent(percent)} voted Yes`}>
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="muted">
            Yes {formatNumber0(results.yes)} · No {formatNumber0(results.no)} ({formatPercent(percent)} Yes;
            Yes wins at 50% or more)
          </p>
        </>
      ) : (
        <p className="muted">Nobody voted, so the vote is not decided.</p>
      )}
    </div>
  )
}

export function VoteCard({ vote: initial }: { readonly vote: VoteView }) {
  const [state, send] = useMachine(machine, { input: { vote: initial } })
  const { vote, answers, wrongQuestionIds, choice, error, quizOutcome } = state.context
  const busy = state.hasTag("busy")
  const focusOnShow = useFocusOnShow()
  const voting =
    state.matches("quiz") ||
    state.matches("checkingQuiz") ||
    state.matches("ballot") ||
    state.matches("casting")
  const id = useId()
  const stateBadge = voteStateLabel(vote)
  const quizBadge = quizLabel(vote)
  const titleId = `${id}-title`
  return (
    <li className="card cm-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{vote.title}</h2>
      <p className="cm-meta">
        <span className={`cm-badge ${stateBadge.tone}`}>{stateBadge.text}</span>
        {quizBadge !== null && vote.voteState !== "vote_closed" ? (
          <span className={`cm-badge ${quizBadge.tone}`}>{quizBadge.text}</span>
        ) : null}
        {vote.voteState === "vote_closed" ? null : (
          <span>Open until {formatDateTimeZoned(vote.closesAt)}</span>
        )}
      </p>
      <p>{vote.description}</p>
      {vote.quiz.length > 0 ? (
        <div className="live-region" role="status">
          {voting && quizOutcome !== null ? (
            <p className="form-note">
              {quizOutcome === "passed" ? QUIZ_PASSED_BALLOT_OPEN : QUIZ_NOT_PASSED_YET}
            </p>
          ) : null}
        </div>
      ) : null}

      {state.matches("quiz") || state.matches("checkingQuiz") ? (
        <form
          className="form"
          noValidate
          aria-label={`Quiz: ${vote.title}`}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: "quiz.submit" })
          }}
        >
          <p className="muted">Answer the quiz first: the ballot opens once every answer is right.</p>
          {vote.quiz.map((q, i) => {
            const wrong = wrongQuestionIds.includes(q.questionId)
            return (
              <fieldset key={q.questionId} className={`cm-quiz${wrong ? " cm-quiz--wrong" : ""}`}>
                <legend>
                  {i + 1}. {q.question}
                </legend>
                {q.options.map((o) => (
                  <label key={o.optionId} className="cm-choice">
                    <input
                      type="radio"
                      name={`${id}-${q.questionId}`}
                      value={o.optionId}
                      checked={answers[q.questionId] === o.optionId}
                      onChange={() =>
                        send({ type: "quiz.choose", questionId: q.questionId, optionId: o.optionId })
                      }
                    />
                    {o.text}
                  </label>
                ))}
                {wrong ? <p className="field__error">This answer is not right.</p> : null}
              </fieldset>
            )
          })}
          <FormError message={error} focusOnShow={focusOnShow} />
          <div className="cm-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? "Checking…" : "Check my answers"}
            </button>
          </div>
        </form>
      ) : null}

      {state.matches("ballot") || state.matches("casting") ? (
        <form
          className="form"
          noValidate
          aria-label={`Ballot: ${vote.title}`}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: "ballot.cast" })
          }}
        >
          <h3 className="cm-ballot-title" ref={focusOnShow} tabIndex={-1}>
            Cast your vote
          </h3>
          <fieldset className="cm-ballot">
            <legend>Your vote</legend>
            {(["y", "n"] as const).map((a) => (
              <label key={a} className="cm-choice">
                <input
                  type="radio"
                  name={`${id}-ballot`}
                  value={a}
                  checked={choice === a}
                  onChange={() => send({ type: "ballot.choose", answer: a })}
                />
                {ANSWER_LABEL[a]}
              </label>
            ))}
          </fieldset>
          <FormError message={error} />
          <div className="cm-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? "Sending…" : "Cast my vote"}
            </button>
            <span className="muted">One vote per member; it cannot be changed.</span>
          </div>
        </form>
      ) : null}

      {state.matches("voted") ? (
        <p className="form-note" ref={focusOnShow} tabIndex={-1}>
          You voted <strong>{ANSWER_LABEL[vote.answer]}</strong>. The results are shown when the vote closes.
        </p>
      ) : null}

      {state.matches("notEligible") ? (
        <p className="form-note">
          Voting is open to members who own at least one Unit.{" "}
          <a href="/dashboard/transaction?tab=buy">Buy Units</a> to take part.
        </p>
      ) : null}

      {state.matches("closed") ? (
        <>
          <p className="muted">Your vote: {ANSWER_LABEL[vote.answer]}</p>
          <Results results={vote.results} />
        </>
      ) : null}
    </li>
  )
}
