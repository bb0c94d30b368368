/**
 * /dashboard/community/your-question (spec §2): the community tile 'your-question', the member's own questions
 * with their answers (components/community/QuestionLists.ts).
 */
import { createFileRoute } from "@tanstack/react-router"
import { questionListRoute } from "../components/community/QuestionLists.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"

export const Route = createFileRoute("/dashboard/community/your-question")({
  ...questionListRoute("Own"),
  component: () => (
    <QuestionsPage data={Route.useLoaderData()} list="Own" current="/dashboard/community/your-question" />
  ),
  errorComponent: LoadError,
})
