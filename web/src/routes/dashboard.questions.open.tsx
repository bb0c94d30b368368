/** /dashboard/questions/open (spec §2): the open questions, with their answers (viewBy Open). */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

function OpenQuestions() {
  return (
    <QuestionsPage
      data={Route.useLoaderData()}
      title="Open questions"
      lead="Questions members asked that are still open; community agents answer them."
      current="/dashboard/questions/open"
      empty="No open question right now."
    />
  )
}

export const Route = createFileRoute("/dashboard/questions/open")({
  head: () => pageHead("Open questions"),
  loader: async () => {
    const [questions, agent] = await Promise.all([communityApi.questions("Open"), communityApi.agentStatus()])
    return { questions, agent }
  },
  component: OpenQuestions,
  errorComponent: LoadError,
})
