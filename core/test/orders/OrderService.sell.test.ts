import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { closedEmail } from "../../src/privacy/PrivacyModel.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import {
  ADMIN,
  makeOrderHarness,
  perUnitType,
  START,
  setLand,
  standing,
  unitPrice,
} from "../support/OrderHarness.ts"
import { balance, bought, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const carol = MemberId.make("carol")

describe("selling", () => {
  it.effect("selling needs KYC Verified", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness({ members: [standing("alice", "Pending Verification")] })
      const refused = yield* h.fail(sell(h, alice, 20))
      expect(refused._tag).toBe("KycNotVerified")
      expect(refused.message).toBe(
        "Selling Units needs a verified identity: complete your KYC verification first",
      )
    }),
  )

  it.effect("a sell of N ≤ fee is refused", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 50)
      const refused = yield* h.fail(sell(h, alice, 10))
      expect(refused._tag).toBe("SellNotAboveFee")
      expect(refused.message).toBe("A sell must be more than its fee of 10 Units")
    }),
  )

  it.effect("a sell needs owned ≥ N", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 15)
      const refused = yield* h.fail(sell(h, alice, 16))
      expect(refused._tag).toBe("InsufficientUnits")
      expect(refused.message).toBe("Not enough Unit ($) in owned: the balance is 15, 16 needed")
      expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(15)
    }),
  )

  it.effect(
    "a sell pays its fee Units to the platform fee account and queues N − fee in pendingSell (InProcess)",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 50)
        const order = yield* h.run(sell(h, alice, 30))
        expect(order.timeline.map((e) => e.to)).toEqual(["Initiated", "InProcess"])
        expect(order.sell).toEqual({
          source: "owned",
          feeUnits: 10,
          queuedUnits: 20,
          soldUnits: 0,
          cancelledUnits: 0,
        })
        expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(20)
        expect(yield* balance(h, alice, "LAND_USD", "pendingSell")).toBe(20)
        expect(
          (yield* h.run(h.orders.getOrder(alice, order.orderId))).currencyUnit.sellOrderTransactionFeeInUnits,
        ).toBe(10)
      }),
  )

  it.effect("a sell with no fee configured moves no fee", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      h.priceBook.current = {
        ...h.priceBook.current,
        prices: perUnitType((u) => unitPrice(u, 10_000, { sellOrderTransactionFeeInUnits: 0 })),
      }
      yield* bought(h, alice, 5)
      expect((yield* h.run(sell(h, alice, 5))).sell?.queuedUnits).toBe(5)
    }),
  )

  it.effect(
    "a buy takes the oldest queued sells first, then issuance; each slice is a payout of slice × buy price",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        yield* bought(h, bob, 100)
        const first = yield* h.run(sell(h, alice, 40))
        const second = yield* h.run(sell(h, bob, 30))
        h.priceBook.current = {
          ...h.priceBook.current,
          prices: { ...h.priceBook.current.prices, LAND_USD: unitPrice("LAND_USD", 11_000) },
        }
        const confirmed = yield* bought(h, carol, 35)
        expect(
          confirmed.payouts.map((p) => [p.memberId, p.sellOrderId, p.units, p.amountCents, p.currency]),
        ).toEqual([
          [alice, first.orderId, 30, 33_000, "USD"],
          [bob, second.orderId, 5, 5_500, "USD"],
        ])
        expect(confirmed.order.orderStatus).toBe("Approved")
        expect((yield* h.run(h.orders.getOrder(alice, first.orderId))).orderStatus).toBe("AllUnitSold")
        expect((yield* h.run(h.orders.getOrder(bob, second.orderId))).orderStatus).toBe("PartialComplete")
        expect(yield* balance(h, carol, "LAND_USD", "owned")).toBe(35)
        expect(yield* balance(h, alice, "LAND_USD", "pendingSell")).toBe(0)
        expect(yield* balance(h, bob, "LAND_USD", "pendingSell")).toBe(15)

        const more = yield* bought(h, carol, 20)
        expect(more.payouts.map((p) => [p.sellOrderId, p.units])).toEqual([[second.orderId, 15]])
        expect((yield* h.run(h.orders.getOrder(bob, second.orderId))).orderStatus).toBe("AllUnitSold")
        expect((yield* h.run(h.orders.payouts(bob))).map((p) => p.units)).toEqual([5, 15])
      }),
  )

  it.effect(
    "a buy completes once every payout it created is paid; a sell once sold out and every payout is paid",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        const order = yield* h.run(sell(h, alice, 30))
        const first = yield* bought(h, bob, 15)
        const second = yield* bought(h, carol, 5)
        const paid = yield* h.run(
          h.orders.markPayoutPaid({
            actor: ADMIN,
            idempotencyKey: h.key(),
            payoutId: first.payouts[0]!.payoutId,
          }),
        )
        expect(paid.status).toBe("Completed")
        expect((yield* h.run(h.orders.getOrder(bob, first.order.orderId))).orderStatus).toBe("Completed")
        expect((yield* h.run(h.orders.getOrder(alice, order.orderId))).orderStatus).toBe("AllUnitSold")
        yield* h.run(
          h.orders.markPayoutPaid({
            actor: ADMIN,
            idempotencyKey: h.key(),
            payoutId: second.payouts[0]!.payoutId,
          }),
        )
        expect((yield* h.run(h.orders.getOrder(alice, order.orderId))).timeline.map((e) => e.to)).toEqual([
          "Initiated",
          "InProcess",
          "PartialComplete",
          "AllUnitSold",
          "Completed",
        ])
      }),
  )

  it.effect("a payout is paid only to a seller whose KYC is verified", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 100)
      yield* h.run(sell(h, alice, 30))
      const { payouts } = yield* bought(h, bob, 5)
      h.members.set(alice, { ...h.members.get(alice)!, kycStatus: "Details Saved" })
      const refused = yield* h.fail(
        h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId: payouts[0]!.payoutId }),
      )
      expect(refused._tag).toBe("PayoutNotPayable")
      expect(refused.message).toBe("A payout is paid only to a seller whose identity (KYC) is verified")
    }),
  )

  it.effect("an AUD payout is marked AUDReadyToSendBetweenAccounts before it is paid", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 100, "LAND_AUD")
      yield* h.run(sell(h, alice, 30, "LAND_AUD"))
      const { payouts } = yield* bought(h, bob, 5, "LAND_AUD")
      const payoutId = payouts[0]!.payoutId
      expect(
        (yield* h.fail(h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId })))._tag,
      ).toBe("InvalidPayoutTransition")
      expect(
        (yield* h.run(h.orders.markPayoutReady({ actor: ADMIN, idempotencyKey: h.key(), payoutId }))).status,
      ).toBe("AUDReadyToSendBetweenAccounts")
      const paid = yield* h.run(h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId }))
      expect(paid.statusHistory.map((c) => c.status)).toEqual([
        "Initiated",
        "AUDReadyToSendBetweenAccounts",
        "Completed",
      ])
      expect(
        (yield* h.fail(
          h.orders.markPayoutPaid({
            actor: ADMIN,
            idempotencyKey: h.key(),
            payoutId: "pay_unknown" as never,
          }),
        ))._tag,
      ).toBe("PayoutNotFound")
    }),
  )

  it.effect(
    "a member cancels the unsold rest of a sell that sold nothing: the Units go back to owned (Cancelled); the fee is kept",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 50)
        const order = yield* h.run(sell(h, alice, 30))
        const cancelled = yield* h.run(
          h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(cancelled.orderStatus).toBe("Cancelled")
        expect(cancelled.sell?.cancelledUnits).toBe(20)
        expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(40)
        expect(yield* balance(h, alice, "LAND_USD", "pendingSell")).toBe(0)
        expect(
          (yield* h.fail(
            h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
          ))._tag,
        ).toBe("InvalidTransition")
      }),
  )

  it.effect(
    "cancelling the rest of a partly sold sell leaves it AllUnitSold until its payouts are paid, or Completed",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        const unpaid = yield* h.run(sell(h, alice, 30))
        yield* bought(h, bob, 5)
        expect(
          (yield* h.run(
            h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: unpaid.orderId }),
          )).orderStatus,
        ).toBe("AllUnitSold")
        const paidOut = yield* h.run(sell(h, alice, 30))
        const { payouts } = yield* bought(h, bob, 5)
        yield* h.run(
          h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId: payouts[0]!.payoutId }),
        )
        expect(
          (yield* h.run(
            h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: paidOut.orderId }),
          )).orderStatus,
        ).toBe("Completed")
      }),
  )

  it.effect("queued Units that pending purchases rely on cannot be taken back", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      setLand(h, "LAND_USD", { totalProjectLandValueInCents: 100_000 })
      yield* bought(h, alice, 100)
      const order = yield* h.run(sell(h, alice, 40))
      yield* h.run(buy(h, bob, 25))
      const refused = yield* h.fail(
        h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      expect(refused._tag).toBe("UnitsUnavailable")
      expect(refused.message).toBe(
        "Only 5 of your queued Unit ($) can be taken back now: the rest are promised to purchases waiting for payment",
      )
      expect(yield* h.run(Effect.flatMap(PayoutRepository, (r) => r.find({})))).toEqual([])
    }),
  )
})

describe("a member's payouts, by order (issue 38)", () => {
  it.effect(
    "every slice of a sale is a payout of that sale, owed then paid, with its dates; the buyer is not named",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        const order = yield* h.run(sell(h, alice, 40)) // 30 queued
        const { order: firstBuy, payouts: first } = yield* bought(h, bob, 5)
        yield* TestClock.adjust(60_000)
        yield* bought(h, carol, 7)
        yield* TestClock.adjust(60_000)
        yield* h.run(
          h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId: first[0]!.payoutId }),
        )
        const payouts = yield* h.run(h.orders.orderPayouts(alice, order.orderId))
        expect(payouts.map((p) => [p.orderId, p.units, p.amountCents, p.currency, p.status])).toEqual([
          [order.orderId, 5, 5000, "USD", "Completed"],
          [order.orderId, 7, 7000, "USD", "Initiated"],
        ])
        expect(Date.parse(payouts[0]!.paidAt!) - Date.parse(payouts[0]!.owedAt)).toBe(120_000)
        expect(payouts[1]!.paidAt).toBeUndefined()
        expect(JSON.stringify(payouts)).not.toContain(firstBuy.orderId)
        expect(JSON.stringify(payouts)).not.toContain("bob")
        // The same read for all of the member's payouts.
        expect(yield* h.run(h.orders.memberPayouts(alice))).toEqual(payouts)
      }),
  )

  it.effect(
    "an order of another member's is not found, as a missing one; an order without payouts has none",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        const order = yield* h.run(sell(h, alice, 40))
        yield* bought(h, bob, 5)
        expect((yield* h.fail(h.orders.orderPayouts(bob, order.orderId)))._tag).toBe("OrderNotFound")
        const { order: buyOfBob } = yield* bought(h, bob, 1)
        expect(yield* h.run(h.orders.orderPayouts(bob, buyOfBob.orderId))).toEqual([])
      }),
  )
})

describe("transferring", () => {
  it.effect("transferring needs KYC Verified", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness({ members: [standing("alice", "Not Approved"), standing("bob")] })
      expect(
        (yield* h.fail(
          h.orders.createTransfer({
            memberId: alice,
            idempotencyKey: h.key(),
            unitType: "LAND_USD",
            numberOfUnits: 1,
            recipientEmail: "bob@example.com",
          }),
        )).message,
      ).toBe("Transferring Units needs a verified identity: complete your KYC verification first")
    }),
  )

  it.effect("a transfer is free, goes to a registered member by email and is Completed at once", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 20)
      const order = yield* h.run(
        h.orders.createTransfer({
          memberId: alice,
          idempotencyKey: h.key(),
          unitType: "LAND_USD",
          numberOfUnits: 20,
          recipientEmail: "bob@example.com",
        }),
      )
      expect(order.timeline.map((e) => e.to)).toEqual(["Initiated", "Completed"])
      expect(order.transfer).toEqual({ recipientEmail: "bob@example.com" })
      expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(0)
      expect(yield* balance(h, bob, "LAND_USD", "owned")).toBe(20)
    }),
  )

  it.effect(
    "a transfer to a disabled or closed member is refused as one to an unknown email: nothing moves, nobody is emailed",
    () =>
      Effect.gen(function* () {
        const carol = MemberId.make("carol")
        const h = yield* makeOrderHarness({
          members: [
            standing("alice"),
            { ...standing("bob"), disabledAt: START },
            // A closed account is disabled and its email pseudonymised (privacy/PrivacyService.ts).
            { ...standing("carol"), email: closedEmail(carol), disabledAt: START },
          ],
        })
        yield* bought(h, alice, 20)
        const emailsBefore = (yield* h.run(Effect.flatMap(Mailer, (m) => m.queued))).length
        for (const recipientEmail of ["bob@example.com", "BOB@example.com", closedEmail(carol)]) {
          const refused = yield* h.fail(
            h.orders.createTransfer({
              memberId: alice,
              idempotencyKey: h.key(),
              unitType: "LAND_USD",
              numberOfUnits: 5,
              recipientEmail,
            }),
          )
          expect(refused._tag).toBe("RecipientNotFound")
          expect(refused.message).toBe(`No member is registered with the email ${recipientEmail}`)
        }
        expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(20)
        expect(yield* balance(h, bob, "LAND_USD", "owned")).toBe(0)
        expect(yield* balance(h, carol, "LAND_USD", "owned")).toBe(0)
        expect(
          yield* h.run(Effect.flatMap(OrderRepository, (o) => o.find({ orderType: "TRANSFER" }))),
        ).toEqual([])
        expect(yield* h.run(Effect.flatMap(Mailer, (m) => m.queued))).toHaveLength(emailsBefore)
      }),
  )

  it.effect("a transfer to an unknown email or to oneself is refused", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 20)
      const unknown = yield* h.fail(
        h.orders.createTransfer({
          memberId: alice,
          idempotencyKey: h.key(),
          unitType: "LAND_USD",
          numberOfUnits: 1,
          recipientEmail: "zed@example.com",
        }),
      )
      expect(unknown.message).toBe("No member is registered with the email zed@example.com")
      const self = yield* h.fail(
        h.orders.createTransfer({
          memberId: alice,
          idempotencyKey: h.key(),
          unitType: "LAND_USD",
          numberOfUnits: 1,
          recipientEmail: "alice@example.com",
        }),
      )
      expect(self.message).toBe("You cannot transfer Units to yourself")
    }),
  )
})
