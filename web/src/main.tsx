import { createRouter, RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { rememberUtm } from "./lib/utm.ts"
import { routeTree } from "./routeTree.gen.ts"
import { appSession } from "./session/session.ts"
import "./styles/app.css"

rememberUtm()

const router = createRouter({
  routeTree,
  context: { session: appSession() },
  defaultPreload: "intent",
  scrollRestoration: true,
  trailingSlash: "preserve",
})

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
}

const root = document.getElementById("root")
if (root === null) throw new Error("index.html lacks #root")
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
