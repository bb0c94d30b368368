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

export function Brand({ tag }: { readonly tag?: string }) {
  return (
    <Link to="/" className="brand" aria-label="Landunits home">
      <Logo />
      <span>Landunits</span>
      {tag ? <span className="brand__tag">{tag}</span> : null}
    </Link>
  )
}
