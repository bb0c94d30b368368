/** /dashboard/transfer/success?orderId (spec §2, §4): the success page of a transfer. */
import { createFileRoute } from "@tanstack/react-router"
import { orderResultRoute } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"

export const Route = createFileRoute("/dashboard/transfer/success")({
  ...orderResultRoute("Transfer sent"),
  component: () => <OrderResult data={Route.useLoaderData()} />,
  errorComponent: LoadError,
})
