/** /dashboard/community/ask-question (spec §2 community tile): a member asks the community; agents answer. */
import { QuestionForm } from "@landunits/core/community/CommunityForms.ts"
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { CommunityNav } from "../components/community/CommunityNav.tsx"
import { PageHead } from "../components/layout/Page.tsx"
import { Field, FormError } from "../components/shared/Field.tsx"
import { useSchemaForm } from "../forms/useSchemaForm.ts"
import { pageHead } from "../lib/pageHead.ts"
import { useSubmission } from "../machines/submissionMachine.ts"

const ask = (form: typeof QuestionForm.Type) => communityApi.askQuestion(form.question)

function AskQuestion() {
  const asking = useSubmission(ask)
  const form = useSchemaForm(QuestionForm, { question: "" }, asking.submit)
  return (
    <>
      <PageHead
        eyebrow="Community"
        title="Ask a question"
        lead="Ask about the land, the projects or the Units. Community agents answer in the open, so every member learns."
      />
      <div className="container section">
        <CommunityNav current="/dashboard/community/ask-question" />
        <div className="form-card" style={{ maxWidth: 720 }}>
          {asking.succeeded ? (
            <div className="stack" role="status">
              <p className="form-note">
                Your question is asked. You will find the answers under Your questions.
              </p>
              <a className="btn btn--primary" href="/dashboard/community/your-question">
                See your questions
              </a>
            </div>
          ) : (
            <form className="form" noValidate onSubmit={form.onSubmit} aria-label="Ask a question">
              <Field
                label="Your question"
                multiline
                required
                idPrefix="ask"
                hint="Up to 2,000 characters. Please do not share personal or bank details."
                {...form.field("question")}
              />
              <FormError message={asking.serverError} />
              <button type="submit" className="btn btn--primary" disabled={asking.busy}>
                Ask the community
              </button>
            </form>
          )}
        </div>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/community/ask-question")({
  head: () => pageHead("Ask a question"),
  component: AskQuestion,
})
