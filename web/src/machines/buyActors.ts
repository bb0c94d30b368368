/** The buy machine's requests against the real API (the tests provide their own). */
import type { OrderStatus } from "@landunits/core/shared/EnumValues.ts"
import { fromPromise } from "xstate"
import { type CreateOrderRequest, ordersApi } from "../api/orders.ts"
import { type CardOutcome, DECLINED_REASON, type LoadedPayment } from "./buyMachine.ts"

/** How often and how long the page waits for a provider's confirmation (the delayed test card: ~3 s). */
const WATCH_EVERY_MS = 1_000
const WATCH_FOR_MS = 120_000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const liveBuyActors = {
  createOrder: fromPromise(
    async ({ input }: { input: { request: CreateOrderRequest; key: string } }) =>
      (await ordersApi.createOrder(input.request, input.key)).orderCreatedData,
  ),
  loadPayment: fromPromise(async ({ input }: { input: { orderId: string } }): Promise<LoadedPayment> => {
    const [intent, settings] = await Promise.all([
      ordersApi.paymentIntent(input.orderId),
      ordersApi.paymentSettings(),
    ])
    return { intent: intent.paymentIntent, settings }
  }),
  startPayment: fromPromise(
    async ({ input }: { input: { orderId: string; coin: "BITCOIN" | "ETHER" | null; attempt: number } }) =>
      (await ordersApi.startPayment(input.orderId, input.coin ?? undefined, input.attempt))
        .paymentInstructions,
  ),
  markPaid: fromPromise(
    async ({ input }: { input: { orderId: string; transactionHash: string | null } }) =>
      (await ordersApi.successOrder(input.orderId, input.transactionHash ?? undefined)).orderSuccessData,
  ),
  cancelOrder: fromPromise(
    async ({ input }: { input: { orderId: string } }) =>
      (await ordersApi.cancelOrder(input.orderId)).orderCancelledData,
  ),
  watchPayment: fromPromise(
    async ({ input, signal }: { input: { orderId: string }; signal: AbortSignal }) => {
      const until = Date.now() + WATCH_FOR_MS
      for (;;) {
        const { paymentIntent } = await ordersApi.paymentIntent(input.orderId)
        // Anything but InProcess ends the wait: paid, declined (Initiated: the order waits for another card), ended.
        if (paymentIntent.orderStatus !== "InProcess") return paymentIntent.orderStatus as OrderStatus
        if (Date.now() > until || signal.aborted)
          throw new Error("The payment is still being checked: see Transaction History for its status.")
        await sleep(WATCH_EVERY_MS)
      }
    },
  ),
}

/** The built-in test-mode provider's card form: the card number decides the outcome (docs/operations.md). */
export const payWithTestCard = async (input: { orderId: string; card: string }): Promise<CardOutcome> => {
  const answer = await ordersApi.testModePay(input.orderId, input.card.replace(/\s+/g, ""))
  return answer.outcome === "declined"
    ? { outcome: "declined", reason: answer.message ?? DECLINED_REASON }
    : answer.outcome === "pending"
      ? { outcome: "pending" }
      : { outcome: "succeeded" }
}
