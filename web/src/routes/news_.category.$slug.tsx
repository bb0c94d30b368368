import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { NewsList } from "../components/NewsList.tsx"
import { LoadError } from "../components/Page.tsx"

function NewsCategory() {
  const { articles, categories } = Route.useLoaderData()
  const { slug } = Route.useParams()
  return <NewsList articles={articles} categories={categories} slug={slug} />
}

export const Route = createFileRoute("/news_/category/$slug")({
  loader: async ({ params }) => {
    const [articles, categories] = await Promise.all([api.news(params.slug), api.newsCategories()])
    return { articles, categories }
  },
  component: NewsCategory,
  errorComponent: LoadError,
})
