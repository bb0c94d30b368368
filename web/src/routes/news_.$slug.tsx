/**
 * One news article (the "Read more" link of a site article, /news/{slug}). The API publishes articles as a
 * list; the page shows the article whose link is this path, and "Page not found" for any other.
 */
import { formatDate } from "@landunits/core/format/Format.ts"
import { createFileRoute, Link, notFound } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { NewsImage } from "../components/marketing/NewsList.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Article() {
  const article = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow={`${article.category.name} · ${formatDate(article.publishedAt)}`}
        title={article.title}
      />
      <div className="container section prose">
        <div className="card news-card" style={{ marginBottom: 24 }}>
          <NewsImage src={article.image} priority />
        </div>
        <p>{article.description}</p>
        <p>
          <Link to="/news">Back to all news</Link>
        </p>
      </div>
    </>
  )
}

export const Route = createFileRoute("/news_/$slug")({
  loader: async ({ params }) => {
    const article = (await api.news()).find((a) => a.link === `/news/${params.slug}`)
    if (article === undefined) throw notFound()
    return article
  },
  head: ({ loaderData }) =>
    loaderData === undefined ? pageHead("News") : pageHead(loaderData.title, loaderData.description),
  component: Article,
  errorComponent: LoadError,
})
