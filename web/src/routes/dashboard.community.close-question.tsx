/**
 * /dashboard/community/close-question (spec §2): the community tile 'close-question', the closed questions with
 * their answers; the same list as /dashboard/questions/close (components/community/QuestionLists.ts).
 */
import { createFileRoute } from "@tanstack/react-router"
import { questionListRoute } from "../components/community/QuestionLists.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"

export const Route = createFileRoute("/dashboard/community/close-question")({
  ...questionListRoute("Closed"),
  component: () => (
    <QuestionsPage data={Route.useLoaderData()} list="Closed" current="/dashboard/community/close-question" />
  ),
  errorComponent: LoadError,
})
