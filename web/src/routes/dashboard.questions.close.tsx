/** /dashboard/questions/close (spec §2): the closed questions, with their answers (viewBy Closed). */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

function ClosedQuestions() {
  return (
    <QuestionsPage
      data={Route.useLoaderData()}
      title="Closed questions"
      lead="Answered questions a community agent has closed. The asker can reopen theirs."
      current="/dashboard/questions/close"
      empty="No closed question yet."
    />
  )
}

export const Route = createFileRoute("/dashboard/questions/close")({
  head: () => pageHead("Closed questions"),
  loader: async () => {
    const [questions, agent] = await Promise.all([
      communityApi.questions("Closed"),
      communityApi.agentStatus(),
    ])
    return { questions, agent }
  },
  component: ClosedQuestions,
  errorComponent: LoadError,
})
