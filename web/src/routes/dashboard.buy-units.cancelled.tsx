/** /dashboard/buy-units/cancelled?orderId (spec §2, §4): where a cancelled buy ends. */
import { createFileRoute } from "@tanstack/react-router"
import { orderResultRoute } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"

export const Route = createFileRoute("/dashboard/buy-units/cancelled")({
  ...orderResultRoute("Payment cancelled"),
  component: () => <OrderResult data={Route.useLoaderData()} cancelledPage />,
  errorComponent: LoadError,
})
