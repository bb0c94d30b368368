/**
 * The three headers of spec §2. Default: guests see Contact, News, Register, Log in; members see Contact,
 * Dashboard, Logout (a button: signing out is never a link the router could preload) and the grouped-menu toggle. Business: Register goes to /business-register, the logo to /business, and the
 * "Business" badge stays beside the logo at 375 px.
 * Rocket1: only Log in for guests.
 * Below 768 px a guest's Contact and News move behind a "More" toggle (aria-expanded), so every link of the
 * header stays reachable at 375 px; a member's Contact is in the grouped menu there.
 * On a wide screen (1024 px and more) a member's bar also holds the four things to do with Units, Buy, Sell,
 * Transfer and Convert (issue 38: on a desktop they hid in the menu); narrower, they are in the menu only.
 */
import { Link, useRouterState } from "@tanstack/react-router"
import { useCallback, useEffect, useRef, useState } from "react"
import { useSessionUser } from "../../session/session.ts"
import { SignOutButton } from "../auth/SignOutButton.tsx"
import { Brand } from "./Brand.tsx"
import { SideMenu } from "./SideMenu.tsx"

export type HeaderVariant = "default" | "business" | "rocket1"

/** What a member does with Units, in the wide bar (the menu's first group holds them too). */
const UNIT_ACTIONS = [
  { label: "Buy", to: { to: "/dashboard/transaction", search: { tab: "buy" } } },
  { label: "Sell", to: { to: "/dashboard/transaction", search: { tab: "sell" } } },
  { label: "Transfer", to: { to: "/dashboard/transaction", search: { tab: "transfer" } } },
  { label: "Convert", to: { to: "/dashboard/convert" } },
] as const

export function Header({ variant }: { readonly variant: HeaderVariant }) {
  const user = useSessionUser()
  const [menuOpen, setMenuOpen] = useState(false)
  const close = useCallback(() => setMenuOpen(false), [])
  const [moreOpen, setMoreOpen] = useState(false)
  const moreButton = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // A new page closes the compact menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setMoreOpen(false), [pathname])
  const closeMore = (e: { readonly key: string }) => {
    if (e.key === "Escape" && moreOpen) {
      setMoreOpen(false)
      moreButton.current?.focus()
    }
  }
  return (
    <header className={`site-header${user === null ? "" : " site-header--member"}`}>
      <div className="container site-header__bar">
        <Brand {...(variant === "business" ? { tag: "Business", home: "/business" } : {})} />
        <nav className="nav" aria-label="Main">
          {user === null ? (
            variant === "rocket1" ? (
              <Link to="/login" className="btn btn--primary btn--small">
                Log in
              </Link>
            ) : (
              <>
                <Link to="/contact-us" className="nav__secondary">
                  Contact
                </Link>
                <Link to="/news" className="nav__secondary">
                  News
                </Link>
                <Link to={variant === "business" ? "/business-register" : "/register"}>Register</Link>
                <Link to="/login" className="btn btn--primary btn--small">
                  Log in
                </Link>
                <button
                  type="button"
                  ref={moreButton}
                  className="icon-btn nav__more"
                  aria-expanded={moreOpen}
                  aria-controls="header-more"
                  onClick={() => setMoreOpen((o) => !o)}
                  onKeyDown={closeMore}
                >
                  <span className="visually-hidden">More links</span>
                  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                    <path
                      d={moreOpen ? "M5 5l10 10M15 5L5 15" : "M3 5h14M3 10h14M3 15h14"}
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </>
            )
          ) : (
            <>
              <Link to="/contact-us" className="nav__secondary">
                Contact
              </Link>
              <Link to="/dashboard">Dashboard</Link>
              {UNIT_ACTIONS.map((a) => (
                <Link key={a.label} {...a.to} className="nav__wide" activeOptions={{ includeSearch: true }}>
                  {a.label}
                </Link>
              ))}
              <SignOutButton>Logout</SignOutButton>
              <button
                type="button"
                className="icon-btn"
                aria-label="Open menu"
                aria-expanded={menuOpen}
                aria-controls="side-menu"
                onClick={() => setMenuOpen(true)}
              >
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <path
                    d="M3 5h14M3 10h14M3 15h14"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </>
          )}
        </nav>
      </div>
      {user === null && variant !== "rocket1" ? (
        <nav id="header-more" className="nav-more" aria-label="More" hidden={!moreOpen} onKeyDown={closeMore}>
          <div className="container nav-more__links">
            <Link to="/contact-us">Contact</Link>
            <Link to="/news">News</Link>
          </div>
        </nav>
      ) : null}
      {menuOpen ? <SideMenu onClose={close} /> : null}
    </header>
  )
}
