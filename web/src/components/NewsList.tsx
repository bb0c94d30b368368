import type { NewsArticle, NewsCategory } from "@landunits/core/content/ContentModel.ts"
import { formatDate } from "@landunits/core/format/Format.ts"
import { Link } from "@tanstack/react-router"
import { rewriteNewsImage } from "../lib/newsImage.ts"
import { Empty, PageHead } from "./Page.tsx"

/** News (spec §2): articles with image, title, description and link, filterable by category, with an All link. */
export function NewsList({
  articles,
  categories,
  slug,
}: {
  readonly articles: ReadonlyArray<NewsArticle>
  readonly categories: ReadonlyArray<NewsCategory>
  readonly slug?: string
}) {
  const current = categories.find((c) => c.slug === slug)
  return (
    <>
      <PageHead
        eyebrow="News"
        title={current ? `News: ${current.name}` : "News"}
        lead="What happens on our land projects."
      />
      <div className="container section">
        <nav aria-label="News categories">
          <ul className="chips">
            <li>
              <Link
                to="/news"
                aria-current={slug === undefined ? "page" : undefined}
                activeOptions={{ exact: true }}
              >
                All
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link
                  to="/news/category/$slug"
                  params={{ slug: c.slug }}
                  aria-current={c.slug === slug ? "page" : undefined}
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {articles.length === 0 ? (
          <Empty>No articles in this category yet.</Empty>
        ) : (
          <ul className="grid grid--3" style={{ listStyle: "none", padding: 0 }}>
            {articles.map((a) => (
              <li key={a.link} className="card news-card">
                <img
                  className="news-card__img"
                  src={rewriteNewsImage(a.image)}
                  alt=""
                  loading="lazy"
                  width={800}
                  height={450}
                />
                <div className="news-card__body">
                  <p className="eyebrow">
                    {a.category.name} · {formatDate(a.publishedAt)}
                  </p>
                  <h2 style={{ fontSize: "1.15rem" }}>{a.title}</h2>
                  <p className="muted">{a.description}</p>
                  <a
                    href={a.link}
                    rel="noopener noreferrer"
                    target={a.link.startsWith("http") ? "_blank" : undefined}
                  >
                    Read more<span className="visually-hidden">: {a.title}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
