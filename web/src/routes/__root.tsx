import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router"
import { useEffect } from "react"
import { CookieConsent } from "../components/consent/CookieConsent.tsx"
import { Footer } from "../components/layout/Footer.tsx"
import { Header, type HeaderVariant } from "../components/layout/Header.tsx"
import { NotFoundPage } from "../components/layout/NotFoundPage.tsx"
import { Toasts } from "../components/layout/Toasts.tsx"
import { SessionRecording } from "../components/recording/SessionRecording.tsx"
import { applyDocumentHead, documentHead } from "../lib/pageHead.ts"
import { applyRobots } from "../lib/robots.ts"
import { useFocusOnNewPage } from "../lib/useFocusOnNewPage.ts"
import type { SessionActor } from "../session/session.ts"

export interface RouterContext {
  readonly session: SessionActor
}

export const headerVariant = (pathname: string): HeaderVariant =>
  pathname.startsWith("/business") ? "business" : pathname.startsWith("/rocket1") ? "rocket1" : "default"

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => applyRobots(pathname), [pathname])
  const title = useRouterState({ select: (s) => documentHead(s.matches).title })
  const description = useRouterState({ select: (s) => documentHead(s.matches).description })
  useEffect(() => applyDocumentHead({ title, description }), [title, description])
  useFocusOnNewPage()
  // The app runs: forms rendered by the server are enabled from here on (components/shared/Form.tsx), and
  // browser tests wait for this mark before they type (web/e2e/support/browser.ts).
  useEffect(() => {
    document.documentElement.dataset.appReady = ""
  }, [])
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
      <SessionRecording />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})
