/** /dashboard/buy-units/payment/success?orderId (spec §2, §4): the buy's success page, with the card notices of §9. */
import { createFileRoute } from "@tanstack/react-router"
import { loadOrderResult, orderIdSearch } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/dashboard/buy-units/payment/success")({
  head: () => pageHead("Payment received"),
  validateSearch: orderIdSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ deps }) => loadOrderResult(deps.orderId),
  staleTime: 0,
  component: () => <OrderResult data={Route.useLoaderData()} />,
  errorComponent: LoadError,
})
