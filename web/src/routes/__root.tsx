import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router"
import { useEffect } from "react"
import { CookieConsent } from "../components/CookieConsent.tsx"
import { Footer } from "../components/Footer.tsx"
import { Header, type HeaderVariant } from "../components/Header.tsx"
import { NotFoundPage } from "../components/NotFoundPage.tsx"
import { Toasts } from "../components/Toasts.tsx"
import { applyRobots } from "../lib/robots.ts"
import type { SessionActor } from "../session/session.ts"

export interface RouterContext {
  readonly session: SessionActor
}

export const headerVariant = (pathname: string): HeaderVariant =>
  pathname.startsWith("/business") ? "business" : pathname.startsWith("/rocket1") ? "rocket1" : "default"

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => applyRobots(pathname), [pathname])
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header variant={headerVariant(pathname)} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toasts />
      <CookieConsent />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})
