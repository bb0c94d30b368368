import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { NewsList } from "../components/marketing/NewsList.tsx"
import { pageHead } from "../lib/pageHead.ts"

function News() {
  const { articles, categories } = Route.useLoaderData()
  return <NewsList articles={articles} categories={categories} />
}

export const Route = createFileRoute("/news")({
  head: () => pageHead("News", "News from the land projects and from Landunits."),
  loader: async () => {
    const [articles, categories] = await Promise.all([api.news(), api.newsCategories()])
    return { articles, categories }
  },
  component: News,
  errorComponent: LoadError,
})
