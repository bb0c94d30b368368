import { Link } from "@tanstack/react-router"
import { PageHead } from "./Page.tsx"

/**
 * What the router shows for a path that is no page (the server answers such a path 404 with the app:
 * adapters/src/http/server/StaticFiles.ts) and for an item a page cannot find, such as an unknown article.
 */
export function NotFoundPage() {
  return (
    <>
      <PageHead
        eyebrow="Error 404"
        title="Page not found"
        lead="The page you asked for does not exist or has moved. Check the address, or carry on from one of these pages."
      />
      <div className="container section">
        <ul className="not-found__links">
          <li>
            <Link to="/" className="btn btn--primary">
              Go to the home page
            </Link>
          </li>
          <li>
            <Link to="/news" className="btn btn--ghost">
              Read the news
            </Link>
          </li>
          <li>
            <Link to="/contact-us" className="btn btn--ghost">
              Contact us
            </Link>
          </li>
        </ul>
      </div>
    </>
  )
}
