/** /dashboard/community/your-question (spec §2): the community tile 'your-question', with their answers (viewBy Own). */
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

function YourQuestions() {
  return (
    <QuestionsPage
      data={Route.useLoaderData()}
      title="Your questions"
      lead="The questions you asked, with the community agents' answers."
      current="/dashboard/community/your-question"
      empty="You have not asked a question yet."
    />
  )
}

export const Route = createFileRoute("/dashboard/community/your-question")({
  head: () => pageHead("Your questions"),
  loader: async () => {
    const [questions, agent] = await Promise.all([communityApi.questions("Own"), communityApi.agentStatus()])
    return { questions, agent }
  },
  component: YourQuestions,
  errorComponent: LoadError,
})
