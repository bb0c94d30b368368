/** /dashboard/buy-units/payment-crypto?orderId (spec §2): the payment page of a buy paid by crypto (docs/web.md). */
import { createFileRoute } from "@tanstack/react-router"
import { orderIdSearch } from "../api/orderLoaders.ts"
import { PaymentPage } from "../components/orders/PaymentPage.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Payment() {
  const { orderId } = Route.useSearch()
  return <PaymentPage key={orderId} method="crypto" orderId={orderId} />
}

export const Route = createFileRoute("/dashboard/buy-units/payment-crypto")({
  head: () => pageHead("Pay with crypto"),
  validateSearch: orderIdSearch,
  component: Payment,
})
