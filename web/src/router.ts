/** The app's router, made the same way in the browser (main.tsx, loaded by boot.ts) and on the server (entry-server.tsx). */
import { createRouter, type RouterHistory } from "@tanstack/react-router"
import { routeTree } from "./routeTree.gen.ts"
import type { SessionActor } from "./session/session.ts"

/**
 * `history` is the server's (a memory history at the page's address). The server renders no scroll-restoring
 * script: the router's would be an inline script, which the Content-Security-Policy refuses; the browser's
 * router restores scroll positions itself.
 */
export const createAppRouter = (session: SessionActor, history?: RouterHistory) =>
  createRouter({
    routeTree,
    context: { session },
    defaultPreload: "intent",
    scrollRestoration: history === undefined,
    trailingSlash: "preserve",
    ...(history === undefined ? {} : { history }),
  })

export type AppRouter = ReturnType<typeof createAppRouter>

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter
  }
}
