/**
 * The buy flow's machine (spec §4: after create, the payment page of the method; after payment, success;
 * cancel, the cancelled page), run with createActor(buyMachine.provide(...)) and its requests replaced.
 */
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import type { PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import type { OrderStatus, PaymentMethod } from "@landunits/core/shared/Enums.ts"
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../src/api/client.ts"
import type { CreateOrderRequest, PaymentIntent, PaymentSettings } from "../src/api/orders.ts"
import { buyMachine, type CardOutcome, paymentRoute } from "../src/machines/buyMachine.ts"

const order = (orderId: string, orderStatus: OrderStatus = "Initiated"): Order =>
  ({ orderId, orderStatus, orderType: "BUY" }) as unknown as Order

const intent = (orderStatus: OrderStatus, paymentMethod: PaymentMethod = "bank"): PaymentIntent => ({
  orderId: "ord_1",
  orderStatus,
  paymentMethod,
  paymentAmount: 11_125,
  currency: "USD",
  testMode: paymentMethod.startsWith("card"),
})

const settings: PaymentSettings = {
  stripe: { mode: "test" },
  square: { mode: "test" },
  crypto: { BITCOIN: { mode: "test", pricedIn: ["USD"] }, ETHER: { mode: "unavailable", pricedIn: [] } },
  testCards: [],
  taxWords: [],
}

const bank: PaymentInstructions = {
  _tag: "BankPayment",
  bankDetails: {
    bankAccountName: "Landunits",
    bankAccountNumber: "12345678",
    iban: "GB33BUKB20201555555555",
    swiftBic: "BUKBGB22",
    bankName: "Bank",
    bankAddress: "London",
    bankCountry: "UK",
  },
  reference: "ord_1".slice(-5),
  paymentAmount: 11_125,
  currency: "USD",
}

const buyRequest: CreateOrderRequest = {
  orderType: "BUY",
  confirmsBusinessPurpose: true,
  currencyUnit: { unitType: "LAND_USD", numberOfUnits: 10 },
  paymentDetails: { paymentMethod: "bank" },
}

interface Calls {
  created: Array<{ request: CreateOrderRequest; key: string }>
  started: Array<{ orderId: string; coin: string | null; attempt: number }>
  paid: Array<{ orderId: string; transactionHash: string | null }>
  cards: Array<string>
  cancelled: Array<string>
}

const run = (
  input: { orderId?: string },
  overrides: {
    create?: (request: CreateOrderRequest) => Promise<Order>
    load?: () => Promise<PaymentIntent>
    start?: () => Promise<PaymentInstructions>
    pay?: (card: string) => Promise<CardOutcome>
    watch?: () => Promise<OrderStatus>
    markPaid?: () => Promise<Order>
  } = {},
) => {
  const calls: Calls = { created: [], started: [], paid: [], cards: [], cancelled: [] }
  const actor = createActor(
    buyMachine.provide({
      actors: {
        createOrder: fromPromise(async ({ input }) => {
          calls.created.push(input)
          return (overrides.create ?? (async () => order("ord_1")))(input.request)
        }),
        loadPayment: fromPromise(async () => ({
          intent: await (overrides.load ?? (async () => intent("Initiated")))(),
          settings,
        })),
        startPayment: fromPromise(async ({ input }) => {
          calls.started.push(input)
          return (overrides.start ?? (async () => bank))()
        }),
        markPaid: fromPromise(async ({ input }) => {
          calls.paid.push(input)
          return (overrides.markPaid ?? (async () => order(input.orderId, "PaymentSent")))()
        }),
        payCard: fromPromise(async ({ input }) => {
          calls.cards.push(input.card)
          return (overrides.pay ?? (async () => ({ outcome: "succeeded" }) as const))(input.card)
        }),
        watchPayment: fromPromise(async () => (overrides.watch ?? (async () => "Approved" as const))()),
        cancelOrder: fromPromise(async ({ input }) => {
          calls.cancelled.push(input.orderId)
          return order(input.orderId, "Cancelled")
        }),
      },
    }),
    { input },
  ).start()
  return { actor, calls }
}

const settled = (actor: ReturnType<typeof run>["actor"]) => waitFor(actor, (s) => !s.hasTag("busy"))

describe("buy machine", () => {
  it("reviews first: nothing is created from the form, Back returns to it, and only the review places the order", async () => {
    const { actor, calls } = run({})
    actor.send({ type: "order.submit", request: buyRequest })
    expect(actor.getSnapshot().value).toBe("editing")
    actor.send({ type: "order.review" })
    expect(actor.getSnapshot().value).toBe("reviewing")
    actor.send({ type: "order.back" })
    expect(actor.getSnapshot().value).toBe("editing")
    actor.send({ type: "order.review" })
    actor.send({ type: "order.submit", request: buyRequest })
    await waitFor(actor, (x) => x.status === "done")
    expect(calls.created).toHaveLength(1)
  })

  it("creates the order from the review and ends in created, with the order id for the payment page", async () => {
    const { actor, calls } = run({})
    expect(actor.getSnapshot().value).toBe("editing")
    actor.send({ type: "order.review" })
    actor.send({ type: "order.submit", request: buyRequest })
    const s = await waitFor(actor, (x) => x.status === "done")
    expect(s.value).toBe("created")
    expect(s.context.orderId).toBe("ord_1")
    expect(calls.created[0]?.request).toEqual(buyRequest)
    expect(paymentRoute("bank")).toBe("/dashboard/buy-units/payment-bank")
    expect(paymentRoute("card-square")).toBe("/dashboard/buy-units/payment-card-square")
  })

  it("shows the server's refusal (the availability message) and keeps the idempotency key for the same request", async () => {
    let first = true
    const { actor, calls } = run(
      {},
      {
        create: async () => {
          if (first) {
            first = false
            throw new ApiError("You can only buy up to 7,800 Unit ($)", 409)
          }
          return order("ord_2")
        },
      },
    )
    actor.send({ type: "order.review" })
    actor.send({ type: "order.submit", request: buyRequest })
    // The refusal is shown on the review, where the member confirms again.
    await waitFor(actor, (s) => s.matches("reviewing") && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe("You can only buy up to 7,800 Unit ($)")
    actor.send({ type: "order.submit", request: buyRequest })
    await waitFor(actor, (s) => s.status === "done")
    expect(calls.created).toHaveLength(2)
    expect(calls.created[1]?.key).toBe(calls.created[0]?.key)
  })

  it("gives a changed request a new idempotency key", async () => {
    const { actor, calls } = run({}, { create: async () => Promise.reject(new ApiError("no", 409)) })
    actor.send({ type: "order.review" })
    actor.send({ type: "order.submit", request: buyRequest })
    await waitFor(actor, (s) => s.context.error !== null)
    actor.send({
      type: "order.submit",
      request: { ...buyRequest, currencyUnit: { unitType: "LAND_USD", numberOfUnits: 11 } },
    })
    await waitFor(actor, (s) => s.context.error !== null && calls.created.length === 2)
    expect(calls.created[1]?.key).not.toBe(calls.created[0]?.key)
  })

  it("bank: starts the payment, shows the instructions, and 'I have made the transfer' ends in success", async () => {
    const { actor, calls } = run({ orderId: "ord_1" })
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    expect(actor.getSnapshot().context.instructions).toEqual(bank)
    expect(calls.started).toEqual([{ orderId: "ord_1", coin: null, attempt: 1 }])
    actor.send({ type: "payment.markSent" })
    const s = await waitFor(actor, (x) => x.status === "done")
    expect(s.value).toBe("succeeded")
    expect(calls.paid).toEqual([{ orderId: "ord_1", transactionHash: null }])
  })

  it("crypto: asks for the coin first, then sends the transaction hash", async () => {
    const { actor, calls } = run({ orderId: "ord_1" }, { load: async () => intent("Initiated", "crypto") })
    await waitFor(actor, (s) => s.matches("choosingCoin"))
    actor.send({ type: "payment.chooseCoin", coin: "BITCOIN" })
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    expect(calls.started).toEqual([{ orderId: "ord_1", coin: "BITCOIN", attempt: 1 }])
    actor.send({ type: "payment.submitHash", transactionHash: "abc123def456abc123def456" })
    await waitFor(actor, (s) => s.status === "done")
    expect(calls.paid).toEqual([{ orderId: "ord_1", transactionHash: "abc123def456abc123def456" }])
  })

  it("crypto: a coin the server refuses (no address) goes back to the choice with the message", async () => {
    const { actor } = run(
      { orderId: "ord_1" },
      {
        load: async () => intent("Initiated", "crypto"),
        start: async () => Promise.reject(new ApiError("ETHER payments are not available", 503)),
      },
    )
    await waitFor(actor, (s) => s.matches("choosingCoin"))
    actor.send({ type: "payment.chooseCoin", coin: "ETHER" })
    const s = await waitFor(actor, (x) => x.matches("choosingCoin") && x.context.error !== null)
    expect(s.context.error).toBe("ETHER payments are not available")
    expect(s.context.coin).toBeNull()
  })

  it("card: a successful card records the member's return and ends in success", async () => {
    const { actor, calls } = run(
      { orderId: "ord_1" },
      { load: async () => intent("Initiated", "card-stripe") },
    )
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    actor.send({ type: "payment.payCard", card: "4242424242424242" })
    const s = await waitFor(actor, (x) => x.status === "done")
    expect(s.value).toBe("succeeded")
    expect(calls.cards).toEqual(["4242424242424242"])
    expect(calls.paid).toHaveLength(1)
  })

  it("card: a declined card leaves the order payable: the next attempt starts on the same order, the reason shown, and another card pays it", async () => {
    let declined = false
    let cards = 0
    const { actor, calls } = run(
      { orderId: "ord_1" },
      {
        load: async () =>
          declined
            ? {
                ...intent("Initiated", "card-stripe"),
                attempt: 1,
                declined: { attempt: 1, at: 1, message: "Declined: try another card (4 tries left)." },
              }
            : intent("Initiated", "card-stripe"),
        pay: async () => {
          cards += 1
          if (cards === 1) {
            declined = true
            return { outcome: "declined", reason: "Declined: try another card (4 tries left)." }
          }
          return { outcome: "succeeded" }
        },
      },
    )
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    actor.send({ type: "payment.payCard", card: "4000000000000002" })
    const again = await waitFor(actor, (x) => x.matches("awaitingPayment") && x.context.error !== null)
    expect(again.context.error).toBe("Declined: try another card (4 tries left).")
    expect(calls.started.map((c) => c.attempt)).toEqual([1, 2])
    actor.send({ type: "payment.payCard", card: "4242424242424242" })
    const s = await waitFor(actor, (x) => x.status === "done")
    expect(s.value).toBe("succeeded")
    expect(calls.cards).toEqual(["4000000000000002", "4242424242424242"])
  })

  it("card: the last try allowed declined ends in failed with the server's words", async () => {
    let declined = false
    const { actor } = run(
      { orderId: "ord_1" },
      {
        load: async () =>
          declined
            ? {
                ...intent("Failed", "card-stripe"),
                attempt: 5,
                declined: { attempt: 5, at: 1, message: "Declined. The order is closed." },
              }
            : { ...intent("Initiated", "card-stripe"), attempt: 4 },
        pay: async () => {
          declined = true
          return { outcome: "declined", reason: "Declined. The order is closed." }
        },
      },
    )
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    actor.send({ type: "payment.payCard", card: "4000000000000002" })
    const s = await waitFor(actor, (x) => x.status === "done")
    expect(s.value).toBe("failed")
    expect(s.context.declineReason).toBe("Declined. The order is closed.")
  })

  it("card: a 402 answer (Square declined) shows the server's words in the form, with the next attempt started", async () => {
    let declined = false
    const { actor, calls } = run(
      { orderId: "ord_1" },
      {
        load: async () =>
          declined
            ? { ...intent("Initiated", "card-square"), attempt: 1 }
            : intent("Initiated", "card-square"),
        pay: async () => {
          declined = true
          return Promise.reject(new ApiError("Your card was declined: insufficient funds.", 402))
        },
      },
    )
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    actor.send({ type: "payment.payCard", card: "cnon:token" })
    const s = await waitFor(actor, (x) => x.matches("awaitingPayment") && x.context.error !== null)
    expect(s.context.error).toBe("Your card was declined: insufficient funds.")
    expect(calls.started.map((c) => c.attempt)).toEqual([1, 2])
  })

  it("card: a reloaded page of an order waiting for another card says why and starts the next attempt", async () => {
    const { actor, calls } = run(
      { orderId: "ord_1" },
      {
        load: async () => ({
          ...intent("Initiated", "card-stripe"),
          attempt: 2,
          declined: { attempt: 2, at: 1, message: "Declined (3 tries left)." },
        }),
      },
    )
    const s = await waitFor(actor, (x) => x.matches("awaitingPayment"))
    expect(s.context.error).toBe("Declined (3 tries left).")
    expect(calls.started.map((c) => c.attempt)).toEqual([3])
  })

  it("crypto: back on the page, the quote the order holds is shown at once (no new quote); an expired one asks for a new amount", async () => {
    const quote = {
      _tag: "CryptoPayment" as const,
      address: "tb1qexample",
      coin: "BITCOIN" as const,
      coinAmount: "0.00171154",
      paymentAmount: 11_125,
      currency: "USD" as const,
      quotedAt: 1,
      quoteExpiresAt: 2,
    }
    const { actor, calls } = run(
      { orderId: "ord_1" },
      {
        load: async () => ({ ...intent("InProcess", "crypto"), attempt: 1, cryptoQuote: quote }),
        start: async () => ({ ...quote, quotedAt: 3, quoteExpiresAt: 4 }),
      },
    )
    const s = await waitFor(actor, (x) => x.matches("awaitingPayment"))
    expect(s.context.instructions).toEqual(quote)
    expect(s.context.coin).toBe("BITCOIN")
    expect(calls.started).toEqual([])
    actor.send({ type: "payment.requote" })
    const renewed = await waitFor(
      actor,
      (x) => x.matches("awaitingPayment") && x.context.instructions !== quote,
    )
    expect(calls.started).toEqual([{ orderId: "ord_1", coin: "BITCOIN", attempt: 2 }])
    expect(renewed.context.instructions).toMatchObject({ quotedAt: 3 })
    actor.send({ type: "payment.changeCoin" })
    await waitFor(actor, (x) => x.matches("choosingCoin"))
  })

  it("card: any other failure keeps the form open with the message, so the member can try again", async () => {
    const { actor } = run(
      { orderId: "ord_1" },
      {
        load: async () => intent("Initiated", "card-stripe"),
        pay: async () => Promise.reject(new ApiError("Server down", 0)),
      },
    )
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    actor.send({ type: "payment.payCard", card: "4242424242424242" })
    const s = await waitFor(actor, (x) => x.matches("awaitingPayment") && x.context.error !== null)
    expect(s.context.error).toBe("Server down")
  })

  it("card: a 3-D Secure-like check waits for the provider, then succeeds, or reads the order again when it did not", async () => {
    const ok = run(
      { orderId: "ord_1" },
      { load: async () => intent("Initiated", "card-stripe"), pay: async () => ({ outcome: "pending" }) },
    )
    await waitFor(ok.actor, (s) => s.matches("awaitingPayment"))
    ok.actor.send({ type: "payment.payCard", card: "4000000000003220" })
    expect((await waitFor(ok.actor, (x) => x.status === "done")).value).toBe("succeeded")
    let loads = 0
    const ko = run(
      { orderId: "ord_1" },
      {
        load: async () =>
          ++loads === 1 ? intent("Initiated", "card-stripe") : intent("Expired", "card-stripe"),
        pay: async () => ({ outcome: "pending" }),
        watch: async () => "Expired",
      },
    )
    await waitFor(ko.actor, (s) => s.matches("awaitingPayment"))
    ko.actor.send({ type: "payment.payCard", card: "4000000000003220" })
    expect((await waitFor(ko.actor, (x) => x.status === "done")).value).toBe("failed")
  })

  it("cancel ends in cancelled (the cancelled page)", async () => {
    const { actor, calls } = run({ orderId: "ord_1" })
    await waitFor(actor, (s) => s.matches("awaitingPayment"))
    actor.send({ type: "payment.cancel" })
    expect((await waitFor(actor, (x) => x.status === "done")).value).toBe("cancelled")
    expect(calls.cancelled).toEqual(["ord_1"])
  })

  it("a reloaded payment page lands where the order is: paid → success, cancelled, failed or expired", async () => {
    for (const [status, state] of [
      ["PaymentSent", "succeeded"],
      ["Approved", "succeeded"],
      ["Cancelled", "cancelled"],
      ["Failed", "failed"],
      ["Expired", "failed"],
    ] as const) {
      const { actor, calls } = run({ orderId: "ord_1" }, { load: async () => intent(status) })
      const s = await waitFor(actor, (x) => x.status === "done")
      expect(s.value).toBe(state)
      expect(calls.started).toHaveLength(0)
    }
  })

  it("an order that cannot be loaded shows why and can be retried", async () => {
    let fail = true
    const { actor } = run(
      { orderId: "ord_x" },
      {
        load: async () => {
          if (fail) throw new ApiError("Order not found", 404)
          return intent("Initiated")
        },
      },
    )
    const s = await settled(actor)
    expect(s.value).toBe("unavailable")
    expect(s.context.error).toBe("Order not found")
    fail = false
    actor.send({ type: "payment.retry" })
    await waitFor(actor, (x) => x.matches("awaitingPayment"))
  })
})
