import { Link } from "@tanstack/react-router"

export function Logo() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#14532d" />
      <path d="M6 22c4-7 8-10 10-10s6 3 10 10z" fill="#86efac" />
      <circle cx="22" cy="10" r="3" fill="#fde68a" />
    </svg>
  )
}

/**
 * The logo and the name, a link home. A business page's brand (issue 46) carries the "Business" badge, which stays
 * visible at 375 px (app.css), and leads to the business home, /business, whose Register is the business one.
 */
export function Brand({ tag, home = "/" }: { readonly tag?: string; readonly home?: "/" | "/business" }) {
  return (
    <Link
      to={home}
      className={`brand${tag ? " brand--tagged" : ""}`}
      aria-label={home === "/" ? "Landunits home" : "Landunits Business home"}
    >
      <Logo />
      <span className="brand__name">Landunits</span>
      {tag ? <span className="brand__tag">{tag}</span> : null}
    </Link>
  )
}
