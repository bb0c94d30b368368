/**
 * The admins' order use cases (core/src/orders/OrdersAdmin.ts) over the order engine's harness and an in-memory
 * audit log: what an admin's command changes is audited once, and a repeat that changes nothing writes nothing.
 */

import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { confirmPayment } from "../../src/orders/OrdersAdmin.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, makeOrderHarness, type OrderHarness } from "../support/OrderHarness.ts"
import { buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")

const acting = {
  admin: { adminId: MemberId.make("mem_admin"), name: "Ada Admin", email: "ada@example.com" },
  via: "cli",
  osUser: "ops",
}

/** The harness with one audit log the use cases write to; the handlers' requirements are typed `unknown`. */
const withAudit = (h: OrderHarness) =>
  Effect.map(Layer.build(AuditLog.layerMemory), (audit) => ({
    run: <A>(effect: Effect.Effect<A, unknown, unknown>) =>
      h.run(Effect.provideContext(effect as Effect.Effect<A, unknown, never>, audit)),
    entries: (action: string) =>
      Effect.map(Context.get(audit, AuditLog).list({ action }), (entries) => entries.map((e) => e.details)),
  }))

describe("confirming a payment as an admin", () => {
  it.effect(
    "a repeated confirmation changes nothing, writes no second audit entry and says it was already confirmed",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const admin = yield* withAudit(h)
        const order = yield* h.run(buy(h, alice, 10))
        const first = yield* admin.run(confirmPayment.apply(acting, { orderId: order.orderId }, {}))
        expect(confirmPayment.outcome(first)).toBe(`${order.orderId}: Completed; 0 payout(s) created`)
        const prepared = yield* admin.run(confirmPayment.prepare({ orderId: order.orderId }))
        expect(prepared.repeat).toBe(true)
        const again = yield* admin.run(confirmPayment.apply(acting, { orderId: order.orderId }, {}))
        expect(again.order).toEqual(first.order)
        expect(confirmPayment.outcome(again)).toBe(
          `${order.orderId}: already confirmed: nothing changed (Completed)`,
        )
        expect(yield* admin.entries("orders.confirmPayment")).toEqual([
          { from: "Initiated", to: "Completed", payouts: "0", via: "cli", osUser: "ops" },
        ])
      }),
  )

  it.effect(
    "a buy confirmed on another path (the card webhook, another admin's key) is a repeat too: nothing written",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const admin = yield* withAudit(h)
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        const elsewhere = yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        const again = yield* admin.run(confirmPayment.apply(acting, { orderId: order.orderId }, {}))
        expect(again.order).toEqual(elsewhere.order)
        expect(confirmPayment.outcome(again)).toBe(
          `${order.orderId}: already confirmed: nothing changed (Completed)`,
        )
        expect(yield* admin.entries("orders.confirmPayment")).toEqual([])
      }),
  )
})
