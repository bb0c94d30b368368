/**
 * /dashboard/buy-units/payment-card?orderId: the older form of the card payment route (spec §2). It sends the
 * member to the card page of the order's own provider (Stripe or Square).
 */
import { createFileRoute, redirect } from "@tanstack/react-router"
import { orderIdSearch } from "../api/orderLoaders.ts"
import { ordersApi } from "../api/orders.ts"
import { LoadError } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/dashboard/buy-units/payment-card")({
  head: () => pageHead("Pay by card"),
  validateSearch: orderIdSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: async ({ deps }) => {
    const { paymentIntent } = await ordersApi.paymentIntent(deps.orderId)
    throw redirect({
      to:
        paymentIntent.paymentMethod === "card-square"
          ? "/dashboard/buy-units/payment-card-square"
          : "/dashboard/buy-units/payment-card-stripe",
      search: { orderId: deps.orderId },
      replace: true,
    })
  },
  errorComponent: LoadError,
})
