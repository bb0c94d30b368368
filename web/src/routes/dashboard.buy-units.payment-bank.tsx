/** /dashboard/buy-units/payment-bank?orderId (spec §2): the payment page of a buy paid by bank (docs/web.md). */
import { createFileRoute } from "@tanstack/react-router"
import { orderIdSearch } from "../api/orderLoaders.ts"
import { PaymentPage } from "../components/orders/PaymentPage.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Payment() {
  const { orderId } = Route.useSearch()
  return <PaymentPage key={orderId} method="bank" orderId={orderId} />
}

export const Route = createFileRoute("/dashboard/buy-units/payment-bank")({
  head: () => pageHead("Pay by bank transfer"),
  validateSearch: orderIdSearch,
  component: Payment,
})
