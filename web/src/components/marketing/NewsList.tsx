import type { NewsArticle, NewsCategory } from "@landunits/core/content/ContentModel.ts"
import { formatDate } from "@landunits/core/format/Format.ts"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { rewriteNewsImage } from "../../lib/newsImage.ts"
import { Empty, PageHead } from "../layout/Page.tsx"

/**
 * A news image (storage-host links rewritten to the London-region host). An image that cannot be loaded is
 * replaced by a plain illustration, never shown as a broken picture. Its width and height (the 16:9 of the
 * demo pictures, also set by `aspect-ratio` in CSS) hold its place, so nothing moves when it arrives.
 * `priority`: the page's largest picture, on screen at first paint (an article's, the first card's), is
 * fetched at once and first; the others wait until they come near the screen and decode off the main thread.
 */
export function NewsImage({ src, priority = false }: { readonly src: string; readonly priority?: boolean }) {
  const [failed, setFailed] = useState(false)
  return failed ? (
    <div className="news-card__img news-card__img--placeholder" data-testid="news-image-placeholder">
      <svg viewBox="0 0 64 36" aria-hidden="true" focusable="false">
        <path d="M0 30c10-9 20-14 30-14s22 5 34 14v6H0z" fill="#bbf7d0" />
        <path d="M0 33c14-6 26-9 36-9s18 2 28 7v5H0z" fill="#86efac" />
        <circle cx="48" cy="10" r="4" fill="#fde68a" />
      </svg>
    </div>
  ) : (
    <img
      className="news-card__img"
      src={rewriteNewsImage(src)}
      alt=""
      {...(priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" })}
      width={800}
      height={450}
      onError={() => setFailed(true)}
    />
  )
}

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
            {articles.map((a, index) => (
              <li key={a.link} className="card news-card">
                <NewsImage src={a.image} priority={index === 0} />
                <div className="news-card__body">
                  <p className="eyebrow">
                    {a.category.name} · {formatDate(a.publishedAt)}
                  </p>
                  <h2 style={{ fontSize: "1.15rem" }}>{a.title}</h2>
                  <p className="muted">{a.description}</p>
                  {a.link.startsWith("/") ? (
                    <a href={a.link}>
                      Read more<span className="visually-hidden">: {a.title}</span>
                    </a>
                  ) : (
                    <a href={a.link} rel="noopener noreferrer" target="_blank">
                      Read more<span className="visually-hidden">: {a.title}</span>
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
