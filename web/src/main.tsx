import type { User } from "@landunits/core/members/MemberModel.ts"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode, startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { forgetRenderedAnswers, keepRenderedAnswers } from "./api/client.ts"
import { readRenderedPage } from "./lib/renderedPage.ts"
import { rememberUtm } from "./lib/utm.ts"
import { createAppRouter } from "./router.ts"
import { appSession, setRenderedFor } from "./session/session.ts"

rememberUtm()

const root = document.getElementById("root")
if (root === null) throw new Error("index.html lacks #root")

// Before the session starts: on a member's page its `GET /user` is answered from the page (no second request),
// and hydration reads the member the HTML was rendered for.
const rendered = readRenderedPage(document)
if (rendered !== undefined) {
  keepRenderedAnswers(rendered.reads)
  const user = rendered.reads["/user"]
  setRenderedFor(() => (user?.ok === true ? (user.body as { readonly user: User }).user : null))
}

const router = createAppRouter(appSession())

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

/**
 * A page the server rendered (entry-server.tsx: a public page, or a member's own) is hydrated: its route is
 * loaded first, with the reads the server made, so React's first render matches the HTML the visitor already
 * reads. Any other page, or one the router sends elsewhere (a member on /login), is rendered from nothing.
 */
const start = async () => {
  if (rendered === undefined) {
    createRoot(root).render(app)
    return
  }
  // The visitor already has the page, painted before this module was fetched (boot.ts). Each step is a task of
  // its own (the app's code run, the route's code loaded and run, hydration started), so a tap is answered
  // between them instead of waiting for all three.
  await yieldToBrowser()
  await router.load()
  forgetRenderedAnswers()
  await yieldToBrowser()
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
