/**
 * Renders a component inside a one-route memory router, so its Links and navigation work in happy-dom; answers the
 * router (where it navigated: `router.state.location`).
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router"
import { act, render } from "@testing-library/react"
import type { ReactNode } from "react"

export const renderInRouter = async (ui: () => ReactNode) => {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui()}
        <Outlet />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ["/"] }),
    defaultNotFoundComponent: () => null,
  })
  await act(async () => {
    render(<RouterProvider router={router} />)
  })
  return router
}
