import { RouterProvider } from "@tanstack/react-router"
import { StrictMode, startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { keepRenderedAnswers } from "./api/client.ts"
import { readRenderedPage } from "./lib/renderedPage.ts"
import { rememberUtm } from "./lib/utm.ts"
import { createAppRouter } from "./router.ts"
import { appSession } from "./session/session.ts"

rememberUtm()

const root = document.getElementById("root")
if (root === null) throw new Error("index.html lacks #root")

const router = createAppRouter(appSession())
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

/**
 * A page the server rendered (a public page, entry-server.tsx) is hydrated: its route is loaded first, with the
 * answers the server used, so React's first render matches the HTML the visitor already reads. Any other page
 * (the dashboard), or one the router sends elsewhere (a member on /login), is rendered from nothing.
 */
const start = async () => {
  const rendered = readRenderedPage(document)
  if (rendered === undefined) {
    createRoot(root).render(app)
    return
  }
  keepRenderedAnswers(rendered.answers)
  // The visitor already has the page, painted before this module was fetched (boot.ts).
  await router.load()
  if (router.state.location.href === rendered.href) {
    // Marks the router as hydrating server HTML, so it renders the same tree as the server did (no Suspense
    // boundary around the matches): what the router's own hydrate() sets.
    router.ssr = { manifest: undefined }
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page: a tap or a scroll during it is answered.
    startTransition(() => {
      hydrateRoot(root, app)
    })
    return
  }
  root.replaceChildren()
  createRoot(root).render(app)
}

void start()
