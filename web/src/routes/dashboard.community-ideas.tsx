/** /dashboard/community-ideas (spec §2; decisions.md): members post ideas and upvote others' once; admins set their status. */

import { IdeaForm } from "@landunits/core/community/CommunityForms.ts"
import type { IdeaView } from "@landunits/core/community/CommunityModel.ts"
import { formatDate } from "@landunits/core/format/Format.ts"
import { createFileRoute, useRouter } from "@tanstack/react-router"
import { useEffect } from "react"
import { communityApi } from "../api/community.ts"
import { GovernanceNav } from "../components/community/CommunityNav.tsx"
import { Empty, LoadError, PageHead } from "../components/layout/Page.tsx"
import { Field, FormError } from "../components/shared/Field.tsx"
import { useSchemaForm } from "../forms/useSchemaForm.ts"
import { pageHead } from "../lib/pageHead.ts"
import { useFocusOnShow } from "../lib/useFocusOnShow.ts"
import { useSubmission } from "../machines/submissionMachine.ts"

const STATUS_TONE: Readonly<Record<IdeaView["status"], string>> = {
  "Not Started": "",
  Pending: "cm-badge--wait",
  Approved: "cm-badge--good",
  Rejected: "cm-badge--bad",
}

function IdeaCard({ idea }: { readonly idea: IdeaView }) {
  const router = useRouter()
  const upvote = useSubmission(async (ideaId: string) => {
    const view = await communityApi.upvoteIdea(ideaId)
    await router.invalidate()
    return view
  })
  const titleId = `idea-${idea.ideaId}`
  return (
    <li className="card cm-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{idea.title}</h2>
      <p className="cm-meta">
        <span className={`cm-badge ${STATUS_TONE[idea.status]}`}>{idea.status}</span>
        <span>Posted {formatDate(idea.createdAt)}</span>
        {idea.ownIdea ? <span className="cm-badge">Your idea</span> : null}
      </p>
      <p>{idea.description}</p>
      <div className="cm-actions">
        <strong>
          <span aria-hidden="true">▲ </span>
          {idea.upvotes} upvote{idea.upvotes === 1 ? "" : "s"}
        </strong>
        {idea.ownIdea ? null : idea.upvotedByMe ? (
          <span className="muted">You upvoted this idea</span>
        ) : (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={upvote.busy}
            onClick={() => upvote.submit(idea.ideaId)}
            aria-label={`Upvote: ${idea.title}`}
          >
            Upvote
          </button>
        )}
      </div>
      <FormError message={upvote.serverError} />
    </li>
  )
}

function CommunityIdeas() {
  const ideas = Route.useLoaderData()
  const router = useRouter()
  const post = useSubmission(
    async (idea: typeof IdeaForm.Type) => {
      const view = await communityApi.postIdea(idea)
      await router.invalidate()
      return view
    },
    { repeatable: true },
  )
  const form = useSchemaForm(IdeaForm, { title: "", description: "" }, post.submit)
  const posted = post.result?.ideaId
  // The button is disabled while the idea is sent, which takes focus from it: the confirmation takes it.
  const focusOnShow = useFocusOnShow()
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear the form once per posted idea
  useEffect(() => {
    if (posted !== undefined) form.reset()
  }, [posted])
  return (
    <>
      <PageHead
        eyebrow="Governance"
        title="Community Ideas"
        lead="Suggest how the land should be cared for, and upvote the ideas you want the team to take up."
      />
      <div className="container section">
        <GovernanceNav current="/dashboard/community-ideas" />
        <div className="cm-layout">
          <section aria-labelledby="ideas-title">
            <h2 id="ideas-title" className="visually-hidden">
              Ideas
            </h2>
            {ideas.length === 0 ? (
              <Empty>No idea yet: be the first to post one.</Empty>
            ) : (
              <ul className="cm-list">
                {ideas.map((i) => (
                  <IdeaCard key={i.ideaId} idea={i} />
                ))}
              </ul>
            )}
          </section>
          <section className="form-card" aria-labelledby="new-idea-title">
            <h2 id="new-idea-title">Post an idea</h2>
            <form className="form" noValidate onSubmit={form.onSubmit} aria-label="Post an idea">
              <Field label="Title" required idPrefix="idea" {...form.field("title")} />
              <Field label="Description" multiline required idPrefix="idea" {...form.field("description")} />
              <FormError message={post.serverError} />
              {posted !== undefined ? (
                <p className="form-note" role="status" ref={focusOnShow} tabIndex={-1}>
                  Your idea is posted.
                </p>
              ) : null}
              <button type="submit" className="btn btn--primary" disabled={post.busy}>
                Post idea
              </button>
            </form>
          </section>
        </div>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/community-ideas")({
  head: () => pageHead("Community ideas"),
  loader: () => communityApi.ideas(),
  component: CommunityIdeas,
  errorComponent: LoadError,
})
