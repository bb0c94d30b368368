/** /dashboard/buy-units/payment/success?orderId (spec §2, §4): the buy's success page, with the card notices of §9. */
import { createFileRoute } from "@tanstack/react-router"
import { orderResultRoute } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"

export const Route = createFileRoute("/dashboard/buy-units/payment/success")({
  ...orderResultRoute("Payment received"),
  component: () => <OrderResult data={Route.useLoaderData()} />,
  errorComponent: LoadError,
})
