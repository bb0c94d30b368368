/**
 * /dashboard/questions/close (spec §2): the closed questions, with their answers; the same list as the community
 * tile close-question (components/community/QuestionLists.ts).
 */
import { createFileRoute } from "@tanstack/react-router"
import { questionListRoute } from "../components/community/QuestionLists.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"

export const Route = createFileRoute("/dashboard/questions/close")({
  ...questionListRoute("Closed"),
  component: () => (
    <QuestionsPage data={Route.useLoaderData()} list="Closed" current="/dashboard/questions/close" />
  ),
  errorComponent: LoadError,
})
