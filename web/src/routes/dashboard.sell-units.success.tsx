/** /dashboard/sell-units/success?orderId (spec §2, §4): the success page of a sale. */
import { createFileRoute } from "@tanstack/react-router"
import { loadOrderResult, orderIdSearch } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/dashboard/sell-units/success")({
  head: () => pageHead("Sale placed"),
  validateSearch: orderIdSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ deps }) => loadOrderResult(deps.orderId),
  staleTime: 0,
  component: () => <OrderResult data={Route.useLoaderData()} />,
  errorComponent: LoadError,
})
