/**
 * /dashboard/community/open-question (spec §2): the community tile 'open-question', the open questions with their
 * answers; the same list as /dashboard/questions/open (components/community/QuestionLists.ts).
 */
import { createFileRoute } from "@tanstack/react-router"
import { questionListRoute } from "../components/community/QuestionLists.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"

export const Route = createFileRoute("/dashboard/community/open-question")({
  ...questionListRoute("Open"),
  component: () => (
    <QuestionsPage data={Route.useLoaderData()} list="Open" current="/dashboard/community/open-question" />
  ),
  errorComponent: LoadError,
})
