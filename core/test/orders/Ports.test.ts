import { Effect, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { memoryCardGateway } from "../../src/orders/PaymentProviders.ts"
import { CryptoPayments, coinAmount } from "../../src/orders/ports/CryptoPayments.ts"
import { DiscountCodes } from "../../src/orders/ports/DiscountCodes.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { MemberStanding } from "../../src/orders/ports/MemberStanding.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { SquareGateway } from "../../src/orders/ports/SquareGateway.ts"
import { StripeGateway } from "../../src/orders/ports/StripeGateway.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { ExchangeRates } from "../../src/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "../../src/pricing/ports/PriceBook.ts"
import { IdempotencyKey, MemberId, OrderId, PayoutId } from "../../src/shared/Ids.ts"
import { defaultPriceBook, standing } from "../support/OrderHarness.ts"

describe("in-memory ports", () => {
  it("a card gateway gives the same payment for the same idempotency key and cancels only known payments", () => {
    const gateway = memoryCardGateway("stripe")
    const request = { orderId: "ord_1", amountCents: 500, currency: "EUR" as const, idempotencyKey: "k" }
    const first = Effect.runSync(gateway.createPayment(request))
    expect(Effect.runSync(gateway.createPayment(request))).toEqual(first)
    Effect.runSync(gateway.cancelPayment(first.paymentId))
    expect(Effect.runSync(Effect.flip(gateway.cancelPayment("nope"))).message).toBe("Unknown payment nope")
    const stripe = Effect.runSync(
      Effect.provide(
        Effect.flatMap(StripeGateway, (g) => g.createPayment(request)),
        StripeGateway.layerMemory,
      ),
    )
    const square = Effect.runSync(
      Effect.provide(
        Effect.flatMap(SquareGateway, (g) => g.createPayment(request)),
        SquareGateway.layerMemory,
      ),
    )
    expect([stripe.paymentId, square.paymentId]).toEqual(["stripe_1_ord_1", "square_1_ord_1"])
  })

  it("a crypto amount is a decimal string rounded up to 8 decimals, never a float", () => {
    expect(coinAmount(10_201, 300_000)).toBe("0.03400334")
    expect(coinAmount(5_000_000, 5_000_000)).toBe("1.00000000")
    const address = Effect.runSync(
      Effect.provide(
        Effect.flatMap(CryptoPayments, (c) =>
          c.requestPayment({
            orderId: "o",
            amountCents: 1,
            currency: "USD",
            coin: "BITCOIN",
            idempotencyKey: "k",
          }),
        ),
        CryptoPayments.layerMemory({ BITCOIN: 3, ETHER: 1 }),
      ),
    )
    expect(address).toEqual({
      address: "bc1qmemoryo",
      coin: "BITCOIN",
      coinAmount: "0.33333334",
      centsPerCoin: 3,
      testMode: false,
    })
  })

  it("reference codes, members, rates and prices are looked up as configured", () => {
    const codes = Effect.runSync(
      Effect.provide(
        Effect.flatMap(DiscountCodes, (d) => Effect.all([d.find(" SAVE "), d.find("x")])),
        DiscountCodes.layerMemory([{ code: "SAVE", isPercent: true, amount: 5, minPaymentAmountInCents: 0 }]),
      ),
    )
    expect(codes.map(Option.isSome)).toEqual([true, false])
    const members = new Map([[MemberId.make("alice"), standing("alice")]])
    const unknown = Effect.runSync(
      Effect.provide(
        Effect.flip(Effect.flatMap(MemberStanding, (m) => m.standing(MemberId.make("zed")))),
        MemberStanding.layerMemory(members),
      ),
    )
    expect(unknown.message).toBe("Member zed was not found")
    const rate = Effect.runSync(
      Effect.provide(
        Effect.flatMap(ExchangeRates, (r) => r.rate("EUR", "EUR")),
        ExchangeRates.layerMemory(new Map()),
      ),
    )
    expect(rate).toMatchObject({ from: "EUR", to: "EUR", rate: 1_000_000 })
    expect(rate.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const fees = Effect.runSync(
      Effect.provide(
        Effect.flatMap(PriceBook, (p) => p.externalFees),
        PriceBook.layerMemory({ current: defaultPriceBook() }),
      ),
    )
    expect(fees).toBe(PriceBook.defaultExternalFees)
  })

  it("repositories refuse updates of unknown records; the idempotency store keeps keys per scope", () => {
    const program = Effect.gen(function* () {
      const orders = yield* OrderRepository
      const payouts = yield* PayoutRepository
      const keys = yield* IdempotencyStore
      const uow = yield* UnitOfWork
      const missingOrder = yield* Effect.flip(orders.get(OrderId.make("o")))
      const missingUpdate = yield* Effect.flip(orders.update({ orderId: OrderId.make("o") } as never))
      const missingPayout = yield* Effect.flip(payouts.update({ payoutId: PayoutId.make("p") } as never))
      const key = IdempotencyKey.make("k")
      yield* uow.transaction(
        keys.save({ scope: "member:a", idempotencyKey: key, requestHash: "h", response: 1 }),
      )
      return {
        missing: [missingOrder.message, missingUpdate._tag, missingPayout.message],
        scoped: [
          Option.isSome(yield* keys.find("member:a", key)),
          Option.isSome(yield* keys.find("member:b", key)),
        ],
      }
    })
    const layer = Layer.mergeAll(
      OrderRepository.layerMemory,
      PayoutRepository.layerMemory,
      IdempotencyStore.layerMemory,
      UnitOfWork.layerMemory,
    )
    const result = Effect.runSync(Effect.provide(program, layer))
    expect(result.missing).toEqual(["Order o was not found", "OrderNotFound", "Payout p was not found"])
    expect(result.scoped).toEqual([true, false])
  })
})
