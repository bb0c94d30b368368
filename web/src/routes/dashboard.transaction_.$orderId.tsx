/**
 * /dashboard/transaction/{orderId} (spec §2's route constant '/dashboard/transaction/' followed by an id;
 * issue 27): one order of the member's, or a transfer they received. The history's rows, the success pages
 * and the money steps' emails link here.
 */
import { createFileRoute } from "@tanstack/react-router"
import { loadOrderPage } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderPage } from "../components/orders/OrderPage.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/dashboard/transaction_/$orderId")({
  head: ({ params }) => pageHead(`Order ${params.orderId}`),
  loader: ({ params }) => loadOrderPage(params.orderId),
  staleTime: 0,
  component: () => <OrderPage data={Route.useLoaderData()} />,
  errorComponent: LoadError,
})
