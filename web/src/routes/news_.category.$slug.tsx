import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { NewsList } from "../components/marketing/NewsList.tsx"
import { pageHead } from "../lib/pageHead.ts"

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
  head: ({ loaderData, params }) => {
    const category = loaderData?.categories.find((c) => c.slug === params.slug)
    return pageHead(category === undefined ? "News" : `News: ${category.name}`)
  },
  component: NewsCategory,
  errorComponent: LoadError,
})
