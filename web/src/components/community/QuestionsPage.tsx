/**
 * The community's questions and answers (spec §3 Community; decisions.md): any member asks; community agents
 * answer and close; the asker reopens a closed question. One component for the question pages, by view.
 */
import { AnswerForm } from "@landunits/core/community/CommunityForms.ts"
import type { Question } from "@landunits/core/community/CommunityModel.ts"
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { useRouter } from "@tanstack/react-router"
import { communityApi } from "../../api/community.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { useSessionUser } from "../../session/session.ts"
import { Empty, PageHead } from "../layout/Page.tsx"
import { Field, FormError } from "../shared/Field.tsx"
import { CommunityNav } from "./CommunityNav.tsx"
import { QUESTION_LISTS, type QuestionList, type QuestionsData } from "./QuestionLists.ts"

const useRefreshing = <P, R>(send: (payload: P) => Promise<R>) => {
  const router = useRouter()
  return useSubmission(
    async (payload: P) => {
      const result = await send(payload)
      await router.invalidate()
      return result
    },
    { repeatable: true },
  )
}

function AgentAnswer({ question }: { readonly question: Question }) {
  const answer = useRefreshing((text: string) => communityApi.answerQuestion(question.questionId, text))
  const close = useRefreshing(() => communityApi.closeQuestion(question.questionId))
  const form = useSchemaForm(AnswerForm, { answerText: "" }, (v) => answer.submit(v.answerText))
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.onSubmit}
      aria-label={`Answer: ${question.question.slice(0, 60)}`}
    >
      <Field
        label="Your answer"
        multiline
        required
        idPrefix={`answer-${question.questionId}`}
        {...form.field("answerText")}
      />
      <FormError message={answer.serverError ?? close.serverError} />
      <div className="cm-actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={answer.busy}>
          Send answer
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={close.busy}
          onClick={() => close.submit(undefined)}
        >
          Close question
        </button>
      </div>
    </form>
  )
}

function Reopen({ question }: { readonly question: Question }) {
  const reopen = useRefreshing(() => communityApi.reopenQuestion(question.questionId))
  return (
    <div className="cm-actions">
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={reopen.busy}
        onClick={() => reopen.submit(undefined)}
      >
        Reopen question
      </button>
      <FormError message={reopen.serverError} />
    </div>
  )
}

function QuestionItem({ question, isAgent }: { readonly question: Question; readonly isAgent: boolean }) {
  const user = useSessionUser()
  const own = user !== null && user.id === question.askerId
  const titleId = `question-${question.questionId}`
  return (
    <li className="card cm-card" aria-labelledby={titleId}>
      <h2 id={titleId} style={{ fontSize: "1.1rem" }}>
        {question.question}
      </h2>
      <p className="cm-meta">
        <span className={`cm-badge ${question.status === "Open" ? "cm-badge--wait" : ""}`}>
          {question.status}
        </span>
        <span>Asked {formatDateTimeZoned(question.createdAt)}</span>
        {own ? <span className="cm-badge">Your question</span> : null}
      </p>
      {question.answers.length === 0 ? (
        <p className="muted">No answer yet. A community agent will answer it.</p>
      ) : (
        <ul className="cm-answers" aria-label="Answers">
          {question.answers.map((a) => (
            <li key={`${a.agentId}-${a.at}`}>
              <span className="chat__who">Community agent · {formatDateTimeZoned(a.at)}</span>
              {a.answerText}
            </li>
          ))}
        </ul>
      )}
      {isAgent && question.status === "Open" ? <AgentAnswer question={question} /> : null}
      {own && question.status === "Closed" ? <Reopen question={question} /> : null}
    </li>
  )
}

/** One question list at one of its URLs (`current`, for the community links). */
export function QuestionsPage({
  data,
  list,
  current,
}: {
  readonly data: QuestionsData
  readonly list: QuestionList
  readonly current: string
}) {
  const { title, lead, empty } = QUESTION_LISTS[list]
  return (
    <>
      <PageHead eyebrow="Community" title={title} lead={lead} />
      <div className="container section">
        <CommunityNav current={current} />
        {data.agent.isAgent ? (
          <p className="form-note">You are a community agent: you can answer and close open questions.</p>
        ) : null}
        {data.questions.length === 0 ? (
          <Empty>
            {empty} <a href="/dashboard/community/ask-question">Ask a question</a>
          </Empty>
        ) : (
          <ul className="cm-list">
            {data.questions.map((q) => (
              <QuestionItem key={q.questionId} question={q} isAgent={data.agent.isAgent} />
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
