/** /dashboard/buy-units/cancelled?orderId (spec §2, §4): where a cancelled buy ends. */
import { createFileRoute } from "@tanstack/react-router"
import { loadOrderResult, orderIdSearch } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/dashboard/buy-units/cancelled")({
  head: () => pageHead("Payment cancelled"),
  validateSearch: orderIdSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ deps }) => loadOrderResult(deps.orderId),
  staleTime: 0,
  component: () => <OrderResult data={Route.useLoaderData()} cancelledPage />,
  errorComponent: LoadError,
})
