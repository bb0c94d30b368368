/**
 * The admins' order use cases (core/src/orders/OrdersAdmin.ts) over the order engine's harness and an in-memory
 * audit log: what an admin's command changes is audited once, and a repeat that changes nothing writes nothing.
 */
import { Context, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { confirmPayment } from "../../src/orders/OrdersAdmin.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, type Harness, makeHarness } from "../support/OrderHarness.ts"
import { buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")

const acting = {
  admin: { adminId: MemberId.make("mem_admin"), name: "Ada Admin", email: "ada@example.com" },
  via: "cli",
  osUser: "ops",
}

/** The harness with one audit log the use cases write to; the handlers' requirements are typed `unknown`. */
const withAudit = (h: Harness) => {
  const audit = Effect.runSync(Effect.scoped(Layer.build(AuditLog.layerMemory)))
  return {
    run: <A>(effect: Effect.Effect<A, unknown, unknown>): A =>
      h.run(Effect.provideContext(effect as Effect.Effect<A, unknown, never>, audit)),
    entries: (action: string) =>
      Effect.runSync(Context.get(audit, AuditLog).list({ action })).map((e) => e.details),
  }
}

describe("confirming a payment as an admin", () => {
  it("a repeated confirmation changes nothing, writes no second audit entry and says it was already confirmed", () => {
    const h = makeHarness()
    const admin = withAudit(h)
    const order = h.run(buy(h, alice, 10))
    const first = admin.run(confirmPayment.apply(acting, { orderId: order.orderId }, {}))
    expect(confirmPayment.outcome(first)).toBe(`${order.orderId}: Completed; 0 payout(s) created`)
    const prepared = admin.run(confirmPayment.prepare({ orderId: order.orderId }))
    expect(prepared.repeat).toBe(true)
    const again = admin.run(confirmPayment.apply(acting, { orderId: order.orderId }, {}))
    expect(again.order).toEqual(first.order)
    expect(confirmPayment.outcome(again)).toBe(
      `${order.orderId}: already confirmed: nothing changed (Completed)`,
    )
    expect(admin.entries("orders.confirmPayment")).toEqual([
      { from: "Initiated", to: "Completed", payouts: "0", via: "cli", osUser: "ops" },
    ])
  })

  it("a buy confirmed on another path (the card webhook, another admin's key) is a repeat too: nothing written", () => {
    const h = makeHarness()
    const admin = withAudit(h)
    const order = h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
    const elsewhere = h.run(
      h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
    )
    const again = admin.run(confirmPayment.apply(acting, { orderId: order.orderId }, {}))
    expect(again.order).toEqual(elsewhere.order)
    expect(confirmPayment.outcome(again)).toBe(
      `${order.orderId}: already confirmed: nothing changed (Completed)`,
    )
    expect(admin.entries("orders.confirmPayment")).toEqual([])
  })
})
