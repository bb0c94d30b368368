/**
 * /dashboard/questions/open (spec §2): the open questions, with their answers; the same list as the community tile
 * open-question (components/community/QuestionLists.ts).
 */
import { createFileRoute } from "@tanstack/react-router"
import { questionListRoute } from "../components/community/QuestionLists.ts"
import { QuestionsPage } from "../components/community/QuestionsPage.tsx"
import { LoadError } from "../components/layout/Page.tsx"

export const Route = createFileRoute("/dashboard/questions/open")({
  ...questionListRoute("Open"),
  component: () => (
    <QuestionsPage data={Route.useLoaderData()} list="Open" current="/dashboard/questions/open" />
  ),
  errorComponent: LoadError,
})
