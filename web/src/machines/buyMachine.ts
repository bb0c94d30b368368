/**
 * The buy flow (spec §4): the member sends the buy form → the order is created (Initiated, Units reserved in
 * Pending) → the payment page of the chosen method starts the payment → the member pays (bank: "I have made
 * the transfer", crypto: the transaction hash, card: the card form) → success, or cancelled, or failed.
 *
 * One machine for the whole flow, started twice: by the buy form (input without orderId: editing → reviewing →
 * creating → created, where the page goes to the payment page; issue 46: the review shows the charges, the tax
 * words, the purchase-order reference and the business-purpose confirmation before anything is placed, "Back"
 * returns to editing, and a refusal returns to the review) and by the payment page (input with the orderId from the
 * address: loading → … → succeeded | cancelled | failed). A reload of a payment page lands in the right state
 * from the order's status, and every command is idempotent (docs/api.md), so nothing is paid twice.
 *
 * A declined card leaves the order payable (decisions: card-payments-that-can-be-retried): the machine reads the
 * order again and starts its next attempt (a new provider payment on the same order), the decline shown in the
 * card form; the last try allowed ends in `failed`. A crypto order shows the quote it holds when the member comes
 * back (`payment.requote` once it expired, `payment.changeCoin` for the other coin).
 *
 * The requests are actors, provided by the pages (and by the tests).
 */
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import type { CryptoQuote, PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import type { CryptoCoin, OrderStatus, PaymentMethod } from "@landunits/core/shared/EnumValues.ts"
import { assign, fromPromise, setup } from "xstate"
import { ApiError, errorMessage } from "../api/client.ts"
import {
  type CreateOrderRequest,
  newIdempotencyKey,
  type PaymentIntent,
  type PaymentSettings,
} from "../api/orders.ts"

/** What a card form's payment answered: paid, declined (with the reason shown), or waiting for the provider. */
export type CardOutcome =
  | { readonly outcome: "succeeded" }
  | { readonly outcome: "pending" }
  | { readonly outcome: "declined"; readonly reason: string }

export interface LoadedPayment {
  readonly intent: PaymentIntent
  readonly settings: PaymentSettings
}

/** Statuses after the member's "I have paid" or the provider's confirmation: the success page. */
const PAID: ReadonlyArray<OrderStatus> = [
  "PaymentSent",
  "PaymentSent_FromUserCrypto",
  "FundsWaitingApproval",
  "Approved",
  "Completed",
]
const ENDED: ReadonlyArray<OrderStatus> = ["Failed", "Expired"]

export const isPaidStatus = (status: OrderStatus): boolean => PAID.includes(status)

/** The reason shown when a provider declines without its own words (the order stays open for another card). */
export const DECLINED_REASON =
  "Your card was declined. No money was taken and your order is still open: try another card."

/**
 * The payment attempt a start asks for (its key names it: api/orders.ts): a card order already InProcess continues
 * its attempt; otherwise (a first payment, another card after a decline, a new crypto quote) the next one.
 */
export const attemptToStart = (intent: PaymentIntent | null, attempt: number): number =>
  intent !== null && intent.paymentMethod !== "crypto" && intent.orderStatus === "InProcess"
    ? Math.max(attempt, 1)
    : attempt + 1

/** The quote a crypto order holds, as the payment page shows it. */
const heldQuote = (intent: PaymentIntent): CryptoQuote | undefined =>
  intent.paymentMethod === "crypto" && intent.orderStatus === "InProcess" ? intent.cryptoQuote : undefined

/** The payment page of each method (spec §2), each taking ?orderId. */
export const paymentRoute = (method: PaymentMethod): string => {
  switch (method) {
    case "bank":
      return "/dashboard/buy-units/payment-bank"
    case "crypto":
      return "/dashboard/buy-units/payment-crypto"
    case "card-square":
      return "/dashboard/buy-units/payment-card-square"
    default:
      return "/dashboard/buy-units/payment-card-stripe"
  }
}

interface Context {
  readonly orderId: string | null
  readonly request: CreateOrderRequest | null
  readonly idempotencyKey: string | null
  readonly order: Order | null
  readonly intent: PaymentIntent | null
  readonly settings: PaymentSettings | null
  readonly instructions: PaymentInstructions | null
  readonly coin: CryptoCoin | null
  /** Payment attempts started, as last known (the intent's, then each start's). */
  readonly attempt: number
  readonly error: string | null
  readonly declineReason: string | null
}

type Event =
  /** The form is filled in: show the review (nothing is sent). */
  | { readonly type: "order.review" }
  /** From the review, back to the form as it was. */
  | { readonly type: "order.back" }
  /** From the review: place the order. */
  | { readonly type: "order.submit"; readonly request: CreateOrderRequest }
  | { readonly type: "payment.chooseCoin"; readonly coin: CryptoCoin }
  | { readonly type: "payment.markSent" }
  | { readonly type: "payment.submitHash"; readonly transactionHash: string }
  | { readonly type: "payment.payCard"; readonly card: string }
  | { readonly type: "payment.cancel" }
  | { readonly type: "payment.retry" }
  /** Crypto: the quote expired, or the member wants another coin. */
  | { readonly type: "payment.requote" }
  | { readonly type: "payment.changeCoin" }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const buyMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { readonly orderId?: string | undefined },
  },
  actors: {
    createOrder: fromPromise<Order, { request: CreateOrderRequest; key: string }>(async () => {
      throw new Error("provide the createOrder actor")
    }),
    loadPayment: fromPromise<LoadedPayment, { orderId: string }>(async () => {
      throw new Error("provide the loadPayment actor")
    }),
    startPayment: fromPromise<
      PaymentInstructions,
      { orderId: string; coin: CryptoCoin | null; attempt: number }
    >(async () => {
      throw new Error("provide the startPayment actor")
    }),
    markPaid: fromPromise<Order, { orderId: string; transactionHash: string | null }>(async () => {
      throw new Error("provide the markPaid actor")
    }),
    payCard: fromPromise<
      CardOutcome,
      { orderId: string; card: string; instructions: PaymentInstructions | null }
    >(async () => {
      throw new Error("provide the payCard actor")
    }),
    watchPayment: fromPromise<OrderStatus, { orderId: string }>(async () => {
      throw new Error("provide the watchPayment actor")
    }),
    cancelOrder: fromPromise<Order, { orderId: string }>(async () => {
      throw new Error("provide the cancelOrder actor")
    }),
  },
  guards: {
    hasOrderId: ({ context }) => context.orderId !== null,
    isPaid: ({ event }) =>
      isPaidStatus((event as unknown as { output: LoadedPayment }).output.intent.orderStatus),
    isCancelled: ({ event }) =>
      (event as unknown as { output: LoadedPayment }).output.intent.orderStatus === "Cancelled",
    isEnded: ({ event }) =>
      ENDED.includes((event as unknown as { output: LoadedPayment }).output.intent.orderStatus),
    hasCryptoQuote: ({ event }) =>
      heldQuote((event as unknown as { output: LoadedPayment }).output.intent) !== undefined,
    isCryptoWithoutCoin: ({ context, event }) =>
      (event as unknown as { output: LoadedPayment }).output.intent.paymentMethod === "crypto" &&
      context.coin === null,
    isCardSucceeded: ({ event }) =>
      (event as unknown as { output: CardOutcome }).output.outcome === "succeeded",
    isCardPending: ({ event }) => (event as unknown as { output: CardOutcome }).output.outcome === "pending",
    isDeclinedAnswer: ({ event }) =>
      (event as unknown as { error: unknown }).error instanceof ApiError &&
      (event as unknown as { error: ApiError }).error.status === 402,
    isStatusPaid: ({ event }) => isPaidStatus((event as unknown as { output: OrderStatus }).output),
    isCrypto: ({ context }) => context.intent?.paymentMethod === "crypto",
  },
}).createMachine({
  id: "buy",
  context: ({ input }) => ({
    orderId: input.orderId ?? null,
    request: null,
    idempotencyKey: null,
    order: null,
    intent: null,
    settings: null,
    instructions: null,
    coin: null,
    attempt: 0,
    error: null,
    declineReason: null,
  }),
  initial: "start",
  states: {
    start: { always: [{ guard: "hasOrderId", target: "loading" }, { target: "editing" }] },
    editing: {
      on: { "order.review": { target: "reviewing", actions: assign({ error: null }) } },
    },
    /** The buy's review: nothing is created until the member places the order from it. */
    reviewing: {
      on: {
        "order.back": { target: "editing", actions: assign({ error: null }) },
        "order.submit": {
          target: "creating",
          actions: assign(({ context, event }) => ({
            request: event.request,
            // The same request sent again (after a failure) keeps its key: the server answers the first result.
            idempotencyKey:
              context.idempotencyKey !== null && same(context.request, event.request)
                ? context.idempotencyKey
                : newIdempotencyKey(),
            error: null,
          })),
        },
      },
    },
    creating: {
      tags: ["busy"],
      invoke: {
        src: "createOrder",
        input: ({ context }) => ({ request: context.request!, key: context.idempotencyKey! }),
        onDone: {
          target: "created",
          actions: assign({
            order: ({ event }) => event.output,
            orderId: ({ event }) => event.output.orderId,
          }),
        },
        onError: {
          target: "reviewing",
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    /** The order exists: the form's page goes to the payment page of its method. */
    created: { type: "final" },
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadPayment",
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: [
          {
            guard: "isPaid",
            target: "succeeded",
            actions: assign({
              intent: ({ event }) => event.output.intent,
              settings: ({ event }) => event.output.settings,
            }),
          },
          {
            guard: "isCancelled",
            target: "cancelled",
            actions: assign({ intent: ({ event }) => event.output.intent }),
          },
          {
            guard: "isEnded",
            target: "failed",
            actions: assign({
              intent: ({ event }) => event.output.intent,
              settings: ({ event }) => event.output.settings,
              declineReason: ({ context, event }) =>
                event.output.intent.declined?.message ?? context.declineReason,
            }),
          },
          {
            // Back on the page of a crypto order: the quote it holds, with its expiry (no new quote asked).
            guard: "hasCryptoQuote",
            target: "awaitingPayment",
            actions: assign({
              intent: ({ event }) => event.output.intent,
              settings: ({ event }) => event.output.settings,
              attempt: ({ event }) => event.output.intent.attempt ?? 1,
              instructions: ({ event }) => heldQuote(event.output.intent) ?? null,
              coin: ({ event }) => heldQuote(event.output.intent)?.coin ?? null,
            }),
          },
          {
            guard: "isCryptoWithoutCoin",
            target: "choosingCoin",
            actions: assign({
              intent: ({ event }) => event.output.intent,
              settings: ({ event }) => event.output.settings,
              attempt: ({ event }) => event.output.intent.attempt ?? 0,
            }),
          },
          {
            target: "starting",
            actions: assign({
              intent: ({ event }) => event.output.intent,
              settings: ({ event }) => event.output.settings,
              attempt: ({ event }) => event.output.intent.attempt ?? 0,
              // A card order waiting for another card says why, also after a reload.
              error: ({ context, event }) =>
                context.error ??
                (event.output.intent.orderStatus === "Initiated"
                  ? (event.output.intent.declined?.message ?? null)
                  : null),
            }),
          },
        ],
        onError: {
          target: "unavailable",
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    choosingCoin: {
      on: {
        "payment.chooseCoin": {
          target: "starting",
          actions: assign({ coin: ({ event }) => event.coin, error: null }),
        },
        "payment.cancel": "cancelling",
      },
    },
    starting: {
      tags: ["busy"],
      invoke: {
        src: "startPayment",
        input: ({ context }) => ({
          orderId: context.orderId!,
          coin: context.coin,
          attempt: attemptToStart(context.intent, context.attempt),
        }),
        onDone: {
          target: "awaitingPayment",
          actions: assign({
            instructions: ({ event }) => event.output,
            attempt: ({ context }) => attemptToStart(context.intent, context.attempt),
            intent: ({ context }) =>
              context.intent === null ? null : { ...context.intent, orderStatus: "InProcess" as const },
          }),
        },
        onError: [
          {
            guard: "isCrypto",
            target: "choosingCoin",
            actions: assign({ coin: null, error: ({ event }) => errorMessage(event.error) }),
          },
          { target: "unavailable", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    awaitingPayment: {
      on: {
        "payment.markSent": { target: "confirming", actions: assign({ error: null }) },
        "payment.submitHash": { target: "confirming", actions: assign({ error: null }) },
        "payment.payCard": { target: "paying", actions: assign({ error: null }) },
        "payment.cancel": { target: "cancelling", actions: assign({ error: null }) },
        "payment.requote": { guard: "isCrypto", target: "starting", actions: assign({ error: null }) },
        "payment.changeCoin": {
          guard: "isCrypto",
          target: "choosingCoin",
          actions: assign({ coin: null, error: null }),
        },
      },
    },
    confirming: {
      tags: ["busy"],
      invoke: {
        src: "markPaid",
        input: ({ context, event }) => ({
          orderId: context.orderId!,
          transactionHash: event.type === "payment.submitHash" ? event.transactionHash : null,
        }),
        onDone: { target: "succeeded", actions: assign({ order: ({ event }) => event.output }) },
        onError: {
          target: "awaitingPayment",
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    paying: {
      tags: ["busy"],
      invoke: {
        src: "payCard",
        input: ({ context, event }) => ({
          orderId: context.orderId!,
          card: event.type === "payment.payCard" ? event.card : "",
          instructions: context.instructions,
        }),
        // A decline leaves the order payable: the page reads the order again (waiting for another card, or
        // closed after the last try allowed) and starts the next attempt, with the decline shown by the card form.
        onDone: [
          { guard: "isCardSucceeded", target: "returning" },
          { guard: "isCardPending", target: "waitingForProvider" },
          {
            target: "loading",
            actions: assign(({ event }) => {
              const reason = event.output.outcome === "declined" ? event.output.reason : DECLINED_REASON
              return { error: reason, declineReason: reason }
            }),
          },
        ],
        onError: [
          {
            guard: "isDeclinedAnswer",
            target: "loading",
            actions: assign(({ event }) => ({
              error: errorMessage(event.error),
              declineReason: errorMessage(event.error),
            })),
          },
          { target: "awaitingPayment", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    /** A 3-D Secure-like check: the provider's webhook decides; the page waits for the order's status. */
    waitingForProvider: {
      tags: ["busy"],
      invoke: {
        src: "watchPayment",
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: [
          { guard: "isStatusPaid", target: "returning" },
          // Declined after the check (the order waits for another card) or ended: the order says which.
          { target: "loading" },
        ],
        onError: {
          target: "awaitingPayment",
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    /** The member's return from the card form is recorded (it moves no Units by itself: the webhook did). */
    returning: {
      tags: ["busy"],
      invoke: {
        src: "markPaid",
        input: ({ context }) => ({ orderId: context.orderId!, transactionHash: null }),
        onDone: { target: "succeeded", actions: assign({ order: ({ event }) => event.output }) },
        // The provider has confirmed the payment; a failed note of the return changes nothing for the member.
        onError: { target: "succeeded" },
      },
    },
    cancelling: {
      tags: ["busy"],
      invoke: {
        src: "cancelOrder",
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: { target: "cancelled", actions: assign({ order: ({ event }) => event.output }) },
        onError: {
          target: "awaitingPayment",
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    /** The payment could not be started or loaded (an unknown order, a method not configured here). */
    unavailable: { on: { "payment.retry": { target: "loading", actions: assign({ error: null }) } } },
    succeeded: { type: "final" },
    cancelled: { type: "final" },
    failed: { type: "final" },
  },
})
