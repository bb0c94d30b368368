import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { tooManyUnitsMessage } from "../../src/orders/OrderSize.ts"
import { memoryCardGateway } from "../../src/orders/PaymentProviders.ts"
import { StripeGateway } from "../../src/orders/ports/StripeGateway.ts"
import { Durations, MAX_UNITS_PER_ORDER } from "../../src/shared/Constants.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { BUY_LIMITS_MEMBERS, buyLimitsContract } from "../support/BuyLimitsContract.ts"
import {
  ADMIN,
  BANK_DETAILS,
  makeOrderHarness,
  setLand,
  standing,
  unitPrice,
} from "../support/OrderHarness.ts"
import { balance, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

describe("buying", () => {
  it.effect("buying needs a confirmed email", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness({ members: [standing("alice", "UnVerified", false)] })
      const error = yield* h.fail(buy(h, alice, 10))
      expect(error._tag).toBe("EmailNotConfirmed")
      expect(error.message).toBe("Please confirm your email address before buying Units")
    }),
  )

  it.effect("a buy reserves its Units in pendingBuy at once, from issuance, and starts Initiated", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 25))
      expect(order.orderStatus).toBe("Initiated")
      expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(25)
      const transfers = yield* h.run(Effect.flatMap(LedgerStore, (s) => s.transfersByOrder(order.orderId)))
      expect(transfers.map((t) => [t.from, t.units])).toEqual([
        [{ _tag: "PlatformAccount", name: "issuance" }, 25],
      ])
    }),
  )

  it.effect(
    "a buy is priced with the fee formulas: subtotal + buy fee + the method's fee, less the reference-code discount",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness({
          codes: [{ code: "SAVE10", isPercent: true, amount: 10, minPaymentAmountInCents: 0 }],
        })
        const order = yield* h.run(
          buy(h, alice, 30, { paymentMethod: "card-stripe", referenceCode: "SAVE10" }),
        )
        // subtotal 30 × 10.000 = 30,000 cents; fee 100 + (30,100 × 1.5% = 451.5 → 452) + 25 = 577; 10% of 30,577 = 3,058.
        expect(order.paymentDetails).toMatchObject({
          subTotal: 30_000,
          transactionFee: 577,
          paymentAmount: 27_519,
          currency: "USD",
        })
        expect(order.buy?.discount).toEqual({
          isPercent: true,
          amount: 10,
          discountValue: 3058,
          minPaymentAmountInCents: 0,
        })
        expect(order.buy?.referenceCode).toBe("SAVE10")
      }),
  )

  it.effect("an unknown reference code is refused", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      expect((yield* h.fail(buy(h, alice, 1, { referenceCode: "NOPE" }))).message).toBe(
        "The reference code NOPE is not valid",
      )
    }),
  )

  it.effect("a whole number of Units above 0 is required", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      expect((yield* h.fail(buy(h, alice, 0))).message).toBe(
        "The number of Units must be a whole number above 0",
      )
      expect((yield* h.fail(buy(h, alice, 1.5)))._tag).toBe("InvalidOrderRequest")
    }),
  )

  it.effect(
    "an order holds at most 1,000,000 Units: a buy or sell of more is refused in words, before any pricing",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const tooMany = yield* h.fail(buy(h, alice, MAX_UNITS_PER_ORDER + 1))
        expect(tooMany._tag).toBe("InvalidOrderRequest")
        expect(tooMany.message).toBe("You can buy at most 1,000,000 Units in one order")
        // 10^15 Units would put the amounts past the safe integer range: refused, never a RangeError.
        expect((yield* h.fail(buy(h, alice, 10 ** 15))).message).toBe(tooManyUnitsMessage("BUY"))
        expect((yield* h.fail(sell(h, alice, 10 ** 15))).message).toBe(tooManyUnitsMessage("SELL"))
      }),
  )

  it.effect("an order keeps the price of the moment it was created", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10))
      h.priceBook.current = {
        ...h.priceBook.current,
        prices: { ...h.priceBook.current.prices, LAND_USD: unitPrice("LAND_USD", 20_000) },
      }
      const updated = yield* h.run(
        h.orders.updateBuyAmount({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          numberOfUnits: 20,
        }),
      )
      expect(updated.currencyUnit.pricePerUnit).toBe(10_000)
      expect(updated.paymentDetails?.subTotal).toBe(20_000)
    }),
  )

  it.effect("spec §5: a buy beyond availability is refused: 'You can only buy up to N Unit ($)'", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      setLand(h, "LAND_USD", { totalProjectLandValueInCents: 50_000 })
      yield* h.run(buy(h, alice, 30))
      const refused = yield* h.fail(buy(h, bob, 30))
      expect(refused._tag).toBe("UnitsUnavailable")
      expect(refused.message).toBe("You can only buy up to 20 Unit ($)")
    }),
  )

  it.effect(
    "spec §5: a buy above the pending-purchase limit names the pending amount and what may still be bought",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        setLand(h, "LAND_USD", { maxPendingPurchaseCents: 50_000 })
        yield* h.run(buy(h, alice, 30))
        const refused = yield* h.fail(buy(h, alice, 20))
        expect(refused._tag).toBe("PendingPurchaseLimitExceeded")
        expect(refused.message).toBe(
          "Your current pending purchases amount to $301.00. You can only buy up to $199.00 until your current transactions complete.",
        )
        expect((yield* h.run(buy(h, bob, 20))).orderStatus).toBe("Initiated")
      }),
  )

  it.effect(
    "spec §5: an LU2X buy beyond the offer's cap is refused: 'Maximum remaining Unit ($) in the LU2X offer: N'",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        setLand(h, "LAND_USD", { maxDoubleLandUnitsBoughtValueInCents: 50_000 })
        yield* h.run(buy(h, alice, 30, { isDoubleLand: true }))
        const refused = yield* h.fail(buy(h, bob, 30, { isDoubleLand: true }))
        expect(refused._tag).toBe("DoubleLandCapExceeded")
        expect(refused.message).toBe("Maximum remaining Unit ($) in the LU2X offer: 20")
        expect((yield* h.run(buy(h, bob, 30))).orderStatus).toBe("Initiated")
      }),
  )

  it.effect("an LU2X buy pays half price, lands in owned_DOUBLE_LAND and is filled from issuance only", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* h.run(
        h.orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: h.key(),
          orderId: (yield* h.run(buy(h, bob, 50))).orderId,
        }),
      )
      yield* h.run(
        h.orders.createSell({
          memberId: bob,
          idempotencyKey: h.key(),
          unitType: "LAND_USD",
          numberOfUnits: 40,
        }),
      )
      const order = yield* h.run(buy(h, alice, 20, { isDoubleLand: true }))
      expect(order.paymentDetails?.subTotal).toBe(10_000)
      const confirmed = yield* h.run(
        h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      expect(confirmed.payouts).toEqual([])
      expect(confirmed.order.orderStatus).toBe("Completed")
      expect(yield* balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(20)
      expect(yield* balance(h, bob, "LAND_USD", "pendingSell")).toBe(30)
    }),
  )

  it.effect(
    "update amount re-prices the order and moves the reservation, only before the payment starts",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        const more = yield* h.run(
          h.orders.updateBuyAmount({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            numberOfUnits: 15,
            paymentMethod: "crypto",
          }),
        )
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(15)
        // 15,000 + 100 + 1% of 15,100 = 15,251
        expect(more.paymentDetails).toMatchObject({
          paymentMethod: "crypto",
          subTotal: 15_000,
          paymentAmount: 15_251,
        })
        yield* h.run(
          h.orders.updateBuyAmount({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            numberOfUnits: 4,
          }),
        )
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(4)
        yield* h.run(
          h.orders.updateBuyAmount({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            numberOfUnits: 4,
          }),
        )
        yield* h.run(
          h.orders.startPayment({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            coin: "BITCOIN",
          }),
        )
        const late = yield* h.fail(
          h.orders.updateBuyAmount({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            numberOfUnits: 5,
          }),
        )
        expect(late._tag).toBe("OrderConflict")
      }),
  )

  it.effect("update amount keeps the discount terms and recomputes the discount", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness({
        codes: [{ code: "FLAT5", isPercent: false, amount: 500, minPaymentAmountInCents: 20_000 }],
      })
      const order = yield* h.run(buy(h, alice, 30, { referenceCode: "FLAT5" }))
      expect(order.buy?.discount?.discountValue).toBe(500)
      const smaller = yield* h.run(
        h.orders.updateBuyAmount({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          numberOfUnits: 10,
        }),
      )
      expect(smaller.buy?.discount?.discountValue).toBe(0)
      expect(smaller.paymentDetails?.paymentAmount).toBe(10_100)
    }),
  )

  it.effect("another member's order is not found", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10))
      expect(
        (yield* h.fail(
          h.orders.cancelBuy({ memberId: bob, idempotencyKey: h.key(), orderId: order.orderId }),
        ))._tag,
      ).toBe("OrderNotFound")
      expect((yield* h.fail(h.orders.getOrder(bob, order.orderId)))._tag).toBe("OrderNotFound")
      expect((yield* h.run(h.orders.getOrder(alice, order.orderId))).orderId).toBe(order.orderId)
    }),
  )
})

describe("paying", () => {
  it.effect("a payment needs a payment method", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "None" }))
      expect(
        (yield* h.fail(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )).message,
      ).toBe("Choose a payment method before paying")
      expect(
        (yield* h.fail(
          h.orders.successOrder({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        ))._tag,
      ).toBe("OrderConflict")
    }),
  )

  it.effect(
    "a card payment starts at the provider with an idempotency key and hands back its client secret (InProcess)",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-square" }))
        const started = yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(started.order.orderStatus).toBe("InProcess")
        expect(started.instructions).toMatchObject({
          _tag: "CardPayment",
          paymentMethod: "card-square",
          currency: "USD",
        })
        expect(started.order.buy?.clientSecret).toBe(`square_1_${order.orderId}_secret`)
        expect(started.order.expiresAt).toBe((yield* Clock.currentTimeMillis) + Durations.HOUR)
      }),
  )

  it.effect("a card payment below the provider minimum is refused before the provider is called", () =>
    Effect.gen(function* () {
      let calls = 0
      const gateway = memoryCardGateway("stripe")
      const stripe = Layer.succeed(StripeGateway)({
        ...gateway,
        createPayment: (request) =>
          Effect.suspend(() => {
            calls++
            return gateway.createPayment(request)
          }),
      })
      const h = yield* makeOrderHarness({
        stripe,
        codes: [{ code: "FREE", isPercent: false, amount: 1_000_000, minPaymentAmountInCents: 0 }],
      })
      const order = yield* h.run(buy(h, alice, 1, { paymentMethod: "card-stripe", referenceCode: "FREE" }))
      const refused = yield* h.fail(
        h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      expect(refused._tag).toBe("CardPaymentBelowMinimum")
      expect(refused.message).toBe("Card payments must be at least $0.50")
      expect(calls).toBe(0)
    }),
  )

  it.effect(
    "a bank order shows the admin bank details and the last 5 characters of the orderId as reference",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        const started = yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(started.instructions).toEqual({
          _tag: "BankPayment",
          bankDetails: BANK_DETAILS,
          reference: order.orderId.slice(-5),
          paymentAmount: 10_100,
          currency: "USD",
        })
      }),
  )

  it.effect("a crypto order gets a receiving address and a coin amount; the coin must be chosen", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto" }))
      expect(
        (yield* h.fail(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )).message,
      ).toBe("Choose a coin (BITCOIN or ETHER) for a crypto payment")
      const started = yield* h.run(
        h.orders.startPayment({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          coin: "ETHER",
        }),
      )
      // 10,000 + 100 + 1% of 10,100 = 10,201 cents at 3,000.00 per ETHER
      expect(started.instructions).toMatchObject({
        _tag: "CryptoPayment",
        coin: "ETHER",
        coinAmount: "0.03400334",
      })
      expect(started.order.payment?.cryptoAddress).toBe(`0xmemory${order.orderId}`)
    }),
  )

  it.effect(
    "success_order on a bank order means 'transfer made': PaymentSent; the admin then sees the funds",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(
          (yield* h.run(
            h.orders.successOrder({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
          )).orderStatus,
        ).toBe("PaymentSent")
        const funds = yield* h.run(
          h.orders.markFundsReceived({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(funds.orderStatus).toBe("FundsWaitingApproval")
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(10)
      }),
  )

  it.effect("only a bank order waits for the approval of its funds", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto" }))
      expect(
        (yield* h.fail(
          h.orders.markFundsReceived({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )).message,
      ).toBe("Only a bank order waits for the approval of its funds")
    }),
  )

  it.effect("success_order on a crypto order needs the transaction hash: PaymentSent_FromUserCrypto", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto" }))
      yield* h.run(
        h.orders.startPayment({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          coin: "BITCOIN",
        }),
      )
      expect(
        (yield* h.fail(
          h.orders.successOrder({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            transactionHash: " ",
          }),
        )).message,
      ).toBe("Give the transaction hash of your crypto payment")
      const sent = yield* h.run(
        h.orders.successOrder({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          transactionHash: "0xfeed",
        }),
      )
      expect(sent.orderStatus).toBe("PaymentSent_FromUserCrypto")
      expect(sent.payment?.transactionHash).toBe("0xfeed")
    }),
  )

  it.effect("success_order on a card order never makes Units owned by itself", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      yield* h.run(
        h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      const back = yield* h.run(
        h.orders.successOrder({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      expect(back.orderStatus).toBe("InProcess")
      expect(back.payment?.memberReturnedAt).toBe(yield* Clock.currentTimeMillis)
      expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(0)
      yield* h.run(h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }))
      const after = yield* h.run(
        h.orders.successOrder({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      expect(after.orderStatus).toBe("Completed")
    }),
  )

  it.effect("a provider failure fails the order and releases its reservation", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      expect(
        (yield* h.fail(
          h.orders.failPayment({
            actor: ADMIN,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            reason: "x",
          }),
        ))._tag,
      ).toBe("InvalidTransition")
      yield* h.run(
        h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      const failed = yield* h.run(
        h.orders.failPayment({
          actor: ADMIN,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          reason: "card_declined",
        }),
      )
      expect(failed.orderStatus).toBe("Failed")
      expect(failed.payment?.failureReason).toBe("card_declined")
      expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
    }),
  )

  it.effect(
    "a member cancels a buy before payment: the reservation is released and a card payment cancelled",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        const cancelled = yield* h.run(
          h.orders.cancelBuy({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(cancelled.orderStatus).toBe("Cancelled")
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
      }),
  )

  it.effect("a buy cannot be cancelled once the member said it is paid", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10))
      yield* h.run(
        h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      yield* h.run(
        h.orders.successOrder({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      const refused = yield* h.fail(
        h.orders.cancelBuy({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      expect(refused.message).toBe("A BUY order cannot go from PaymentSent to Cancelled")
    }),
  )

  it.effect(
    "an unpaid bank order expires after 72 hours and a card order after 1 hour, releasing their Units",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const bank = yield* h.run(buy(h, alice, 10))
        const card = yield* h.run(buy(h, bob, 10, { paymentMethod: "card-stripe" }))
        yield* TestClock.adjust(Durations.HOUR - 1)
        expect(yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))).toEqual([])
        yield* TestClock.adjust(1)
        expect((yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))).map((o) => o.orderId)).toEqual(
          [card.orderId],
        )
        yield* TestClock.adjust(71 * Durations.HOUR - 1)
        expect(yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))).toEqual([])
        yield* TestClock.adjust(1)
        const expired = yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))
        expect(expired.map((o) => [o.orderId, o.orderStatus])).toEqual([[bank.orderId, "Expired"]])
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
        expect(yield* balance(h, bob, "LAND_USD", "pendingBuy")).toBe(0)
      }),
  )

  it.effect("a buy whose payment method changes takes the new method's window, counted from the change", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      yield* TestClock.adjust(50 * Durations.MINUTE)
      const bank = yield* h.run(
        h.orders.updateBuyAmount({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          numberOfUnits: 10,
          paymentMethod: "bank",
        }),
      )
      expect(bank.expiresAt).toBe((yield* Clock.currentTimeMillis) + 72 * Durations.HOUR)
      yield* TestClock.adjust(72 * Durations.HOUR - 1)
      expect(yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))).toEqual([])
      const amountOnly = yield* h.run(
        h.orders.updateBuyAmount({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          numberOfUnits: 12,
        }),
      )
      expect(amountOnly.expiresAt, "a change of amount alone keeps the deadline").toBe(bank.expiresAt)
      yield* TestClock.adjust(1)
      const [expired] = yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))
      expect(expired?.orderId).toBe(order.orderId)
      expect(expired?.timeline.at(-1)?.reason).toBe("Not paid within 72 hours: its Units were released")
    }),
  )

  it.effect("a bank buy switched to card has the card's hour from the change", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10))
      yield* TestClock.adjust(2 * Durations.HOUR)
      const card = yield* h.run(
        h.orders.updateBuyAmount({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          numberOfUnits: 10,
          paymentMethod: "card-stripe",
        }),
      )
      expect(card.expiresAt).toBe((yield* Clock.currentTimeMillis) + Durations.HOUR)
    }),
  )

  it.effect("the expiry window starts again when the payment starts", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      yield* TestClock.adjust(50 * Durations.MINUTE)
      yield* h.run(
        h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      yield* TestClock.adjust(50 * Durations.MINUTE)
      expect(yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))).toEqual([])
    }),
  )
})

describe("confirming a payment", () => {
  it.effect(
    "an admin may confirm from any status before Approved (here Initiated); a confirmed buy is not confirmed twice",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        const confirmed = yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(confirmed.order.timeline.map((e) => e.to)).toEqual(["Initiated", "Approved", "Completed"])
        expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(10)
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(0)
        const again = yield* h.fail(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(again._tag).toBe("InvalidTransition")
      }),
  )

  it.effect("a buy filled wholly from issuance is Completed at once: nobody is owed a payout", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const confirmed = yield* h.run(
        h.orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: h.key(),
          orderId: (yield* h.run(buy(h, alice, 10))).orderId,
        }),
      )
      expect(confirmed.order.orderStatus).toBe("Completed")
      expect(confirmed.order.expiresAt).toBeUndefined()
    }),
  )

  it.effect("a late payment after Expired is confirmed after a fresh availability check", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      setLand(h, "LAND_USD", { totalProjectLandValueInCents: 50_000 })
      const late = yield* h.run(buy(h, alice, 30))
      yield* TestClock.adjust(72 * Durations.HOUR)
      yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))
      const other = yield* h.run(buy(h, bob, 30))
      expect(
        (yield* h.fail(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: late.orderId }),
        )).message,
      ).toBe("You can only buy up to 20 Unit ($)")
      yield* h.run(h.orders.cancelBuy({ memberId: bob, idempotencyKey: h.key(), orderId: other.orderId }))
      const confirmed = yield* h.run(
        h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: late.orderId }),
      )
      expect(confirmed.order.timeline.map((e) => e.to)).toEqual([
        "Initiated",
        "Expired",
        "Approved",
        "Completed",
      ])
      expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(30)
    }),
  )

  it.effect("only a buy can be confirmed", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* h.run(
        h.orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: h.key(),
          orderId: (yield* h.run(buy(h, alice, 20))).orderId,
        }),
      )
      const sell = yield* h.run(
        h.orders.createSell({
          memberId: alice,
          idempotencyKey: h.key(),
          unitType: "LAND_USD",
          numberOfUnits: 15,
        }),
      )
      expect(
        (yield* h.fail(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: sell.orderId }),
        )).message,
      ).toBe(`Order ${sell.orderId} is not a BUY order`)
    }),
  )
})

// The contract's tests are async ones shared with the adapters' engines: each effect runs on a fresh world at START.
buyLimitsContract(
  "memory",
  (priceBook) => (effect) =>
    Effect.runPromise(
      Effect.scoped(
        Effect.flatMap(
          makeOrderHarness({ members: BUY_LIMITS_MEMBERS.map((id) => standing(id)), priceBook }),
          (h) => h.run(effect),
        ),
      ).pipe(Effect.provide(TestClock.layer())),
    ),
)
