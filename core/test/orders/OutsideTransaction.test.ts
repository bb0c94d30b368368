/**
 * No slow I/O while a transaction is open (OutsideTransaction.ts): a port that leaves the process, built guarded,
 * dies with CalledInsideTransaction when one of its listed methods is called inside a unit of work, and runs as
 * before outside it; the methods the table does not list are left alone. The order engine on the guarded memory
 * providers (OrderHarness) pays, cancels and quotes by card and crypto without tripping it.
 */

import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import {
  CalledInsideTransaction,
  guardedLayer,
  outsideTransaction,
  SLOW_PORT_METHODS,
} from "../../src/orders/OutsideTransaction.ts"
import { memoryCardGateway } from "../../src/orders/PaymentProviders.ts"
import { CryptoPayments } from "../../src/orders/ports/CryptoPayments.ts"
import { SquareGateway } from "../../src/orders/ports/SquareGateway.ts"
import { StripeGateway } from "../../src/orders/ports/StripeGateway.ts"
import { InTransaction, UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { makeOrderHarness } from "../support/OrderHarness.ts"
import { buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const REQUEST = {
  orderId: OrderId.make("ord_1"),
  idempotencyKey: "ord_1:payment:1",
  amountCents: 1_000,
  currency: "EUR",
} as const

const inUnitOfWork = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.flatMap(UnitOfWork.makeMemory, ({ unitOfWork }) => unitOfWork.transaction(effect))

describe("a port that leaves the process, guarded", () => {
  const stripe = outsideTransaction(
    StripeGateway.key,
    memoryCardGateway("stripe"),
    SLOW_PORT_METHODS[StripeGateway.key]!,
  )

  it("runs outside a transaction as the port itself does", () => {
    const payment = Effect.runSync(stripe.createPayment(REQUEST))
    expect(payment.paymentId).toMatch(/^stripe_1_/)
  })

  it("dies inside a unit of work, naming the port and the method, and never calls out", () => {
    let called = 0
    const counted = outsideTransaction(
      StripeGateway.key,
      {
        createPayment: (_request: unknown) => Effect.sync(() => called++),
        cancelPayment: (_paymentId: string) => Effect.sync(() => called++),
      },
      SLOW_PORT_METHODS[StripeGateway.key]!,
    )
    for (const call of [counted.createPayment(REQUEST), counted.cancelPayment("pi_1")]) {
      const exit = Effect.runSyncExit(inUnitOfWork(call))
      expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
    }
    expect(called).toBe(0)
    const exit = Effect.runSyncExit(inUnitOfWork(counted.cancelPayment("pi_1")))
    expect(String(Exit.isFailure(exit) ? Cause.squash(exit.cause) : "")).toContain(
      "@landunits/core/orders/ports/StripeGateway.cancelPayment was called inside a database transaction",
    )
  })

  it("a guarded layer provides the guarded service", () => {
    const exit = Effect.runSyncExit(
      inUnitOfWork(
        Effect.flatMap(Effect.service(StripeGateway), (s) => s.createPayment(REQUEST)).pipe(
          Effect.provide(guardedLayer(StripeGateway, StripeGateway.layerMemory)),
        ),
      ),
    )
    expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBeInstanceOf(CalledInsideTransaction)
  })

  it("says a transaction is open wherever InTransaction is set, the unit of work's or another's", () => {
    const exit = Effect.runSyncExit(Effect.provideService(stripe.createPayment(REQUEST), InTransaction, true))
    expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBeInstanceOf(CalledInsideTransaction)
  })

  it("leaves the methods the table does not list alone (a crypto offer list is read inside a buy's checks)", () => {
    const crypto = Effect.runSync(
      Effect.service(CryptoPayments).pipe(
        Effect.provide(guardedLayer(CryptoPayments, CryptoPayments.layerMemory({ BITCOIN: 1, ETHER: 1 }))),
      ),
    )
    expect(Exit.isSuccess(Effect.runSyncExit(inUnitOfWork(crypto.offers)))).toBe(true)
    const quote = crypto.requestPayment({ ...REQUEST, coin: "BITCOIN" })
    expect(Exit.isFailure(Effect.runSyncExit(inUnitOfWork(quote)))).toBe(true)
    expect(Exit.isSuccess(Effect.runSyncExit(quote))).toBe(true)
  })

  it("refuses to build a layer for a port the table does not name, or to guard a method the port lacks", () => {
    expect(() => guardedLayer(UnitOfWork, UnitOfWork.layerMemory)).toThrow(
      "@landunits/core/orders/ports/UnitOfWork is not in OutsideTransaction.ts's table",
    )
    expect(() => outsideTransaction(StripeGateway.key, {}, ["createPayment"])).toThrow(
      "has no method createPayment",
    )
  })

  it("names every core provider port of the order engine in its table", () => {
    for (const port of [StripeGateway, SquareGateway, CryptoPayments]) {
      expect(SLOW_PORT_METHODS[port.key], port.key).toBeDefined()
    }
  })
})

describe("the order engine on guarded providers", () => {
  it.effect(
    "pays by card, cancels a card buy and quotes crypto with no provider call inside its units of work",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const card = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: card.orderId }),
        )
        yield* h.run(h.orders.cancelBuy({ memberId: alice, idempotencyKey: h.key(), orderId: card.orderId }))
        const square = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-square" }))
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: square.orderId }),
        )
        const coin = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto" }))
        const started = yield* h.run(
          h.orders.startPayment({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: coin.orderId,
            coin: "BITCOIN",
          }),
        )
        expect(started.instructions._tag).toBe("CryptoPayment")
      }),
  )
})
