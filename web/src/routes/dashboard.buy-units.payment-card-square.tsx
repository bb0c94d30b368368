/** /dashboard/buy-units/payment-card-square?orderId (spec §2): the payment page of a buy paid by card-square (docs/web.md). */
import { createFileRoute } from "@tanstack/react-router"
import { orderIdSearch } from "../api/orderLoaders.ts"
import { PaymentPage } from "../components/orders/PaymentPage.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Payment() {
  const { orderId } = Route.useSearch()
  return <PaymentPage key={orderId} method="card-square" orderId={orderId} />
}

export const Route = createFileRoute("/dashboard/buy-units/payment-card-square")({
  head: () => pageHead("Pay by card"),
  validateSearch: orderIdSearch,
  component: Payment,
})
