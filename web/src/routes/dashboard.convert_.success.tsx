/** /dashboard/convert/success?orderId (spec §2, §4): the success page of a conversion. */
import { createFileRoute } from "@tanstack/react-router"
import { orderResultRoute } from "../api/orderLoaders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { OrderResult } from "../components/orders/OrderResult.tsx"

export const Route = createFileRoute("/dashboard/convert_/success")({
  ...orderResultRoute("Convert placed"),
  component: () => <OrderResult data={Route.useLoaderData()} />,
  errorComponent: LoadError,
})
