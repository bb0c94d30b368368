/**
 * /dashboard/community/become-agent (spec §2, §3 Agent application; decisions.md): a member applies with a reason
 * and their experience and motivation; an admin approves or rejects through the CLI.
 */
import { AgentApplicationForm } from "@landunits/core/community/CommunityForms.ts"
import type { AgentApplication } from "@landunits/core/community/CommunityModel.ts"
import { formatDate } from "@landunits/core/format/Format.ts"
import { createFileRoute, useRouter } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { CommunityNav } from "../components/community/CommunityNav.tsx"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { Field, FormError } from "../components/shared/Field.tsx"
import { useSchemaForm } from "../forms/useSchemaForm.ts"
import { pageHead } from "../lib/pageHead.ts"
import { useSubmission } from "../machines/submissionMachine.ts"

const TONE: Readonly<Record<AgentApplication["status"], string>> = {
  Pending: "cm-badge--wait",
  Approved: "cm-badge--good",
  Rejected: "cm-badge--bad",
}

function BecomeAgent() {
  const status = Route.useLoaderData()
  const router = useRouter()
  const applying = useSubmission(async (input: typeof AgentApplicationForm.Type) => {
    const application = await communityApi.becomeAgent(input)
    await router.invalidate()
    return application
  })
  const form = useSchemaForm(
    AgentApplicationForm,
    { reason: "", experienceAndMotivation: "" },
    applying.submit,
  )
  const pending = status.applications.some((a) => a.status === "Pending")
  return (
    <>
      <PageHead
        eyebrow="Community"
        title="Become a community agent"
        lead="Agents answer members' questions about the land and the projects. Tell us why you would like to help."
      />
      <div className="container section">
        <CommunityNav current="/dashboard/community/become-agent" />
        <div className="cm-layout">
          <div className="form-card">
            {status.isAgent ? (
              <p className="form-note" role="status">
                You are a community agent. Open questions are waiting for you under{" "}
                <a href="/dashboard/community/open-question">Open questions</a>.
              </p>
            ) : pending ? (
              <p className="form-note" role="status">
                Your application is waiting for an admin's decision. We will let you know.
              </p>
            ) : (
              <form
                className="form"
                noValidate
                onSubmit={form.onSubmit}
                aria-label="Apply to become an agent"
              >
                <Field label="Reason" multiline required idPrefix="agent" {...form.field("reason")} />
                <Field
                  label="Experience and motivation"
                  multiline
                  required
                  idPrefix="agent"
                  {...form.field("experienceAndMotivation")}
                />
                <FormError message={applying.serverError} />
                <button type="submit" className="btn btn--primary" disabled={applying.busy}>
                  Send my application
                </button>
              </form>
            )}
          </div>
          <section aria-labelledby="applications-title">
            <h2 id="applications-title" style={{ fontSize: "1.1rem" }}>
              Your applications
            </h2>
            {status.applications.length === 0 ? (
              <p className="muted">None yet.</p>
            ) : (
              <ul className="cm-list">
                {status.applications.map((a) => (
                  <li key={a.applicationId} className="card cm-card">
                    <p className="cm-meta">
                      <span className={`cm-badge ${TONE[a.status]}`}>{a.status}</span>
                      <span>Sent {formatDate(a.submittedAt)}</span>
                    </p>
                    <p>{a.reason}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/community/become-agent")({
  head: () => pageHead("Become a community agent"),
  loader: () => communityApi.agentStatus(),
  component: BecomeAgent,
  errorComponent: LoadError,
})
