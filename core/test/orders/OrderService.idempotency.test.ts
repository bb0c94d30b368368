import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { byAdmin } from "../../src/orders/OrderTimeline.ts"
import { IdempotencyKey, MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, makeOrderHarness } from "../support/OrderHarness.ts"
import { balance } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const key = IdempotencyKey.make("client-key-1")

const request = (numberOfUnits: number) => ({
  memberId: alice,
  idempotencyKey: key,
  unitType: "LAND_USD" as const,
  numberOfUnits,
  paymentMethod: "bank" as const,
  isDoubleLand: false,
  confirmsBusinessPurpose: true,
})

describe("idempotency", () => {
  it.effect("a repeated command with the same key returns the first result and changes nothing", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const first = yield* h.run(h.orders.createBuy(request(10)))
      const again = yield* h.run(h.orders.createBuy(request(10)))
      expect(again).toEqual(first)
      expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(10)
      const confirm = { idempotencyKey: IdempotencyKey.make("evt_1"), orderId: first.orderId, actor: ADMIN }
      const confirmed = yield* h.run(h.orders.confirmPayment(confirm))
      expect(yield* h.run(h.orders.confirmPayment(confirm))).toEqual(confirmed)
      expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(10)
    }),
  )

  it.effect(
    "who sends a command is not part of its request: another admin's repeat answers the first result, whose timeline names the first admin",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(h.orders.createBuy(request(10)))
        const key = IdempotencyKey.make("cli:confirm-payment:1")
        const confirmed = yield* h.run(
          h.orders.confirmPayment({ idempotencyKey: key, orderId: order.orderId, actor: ADMIN }),
        )
        const other = byAdmin({
          adminId: MemberId.make("mem_other_admin"),
          name: "Otto Ops",
          email: "otto@x.example",
        })
        const repeated = yield* h.run(
          h.orders.confirmPayment({ idempotencyKey: key, orderId: order.orderId, actor: other }),
        )
        expect(repeated).toEqual(confirmed)
        expect(
          (yield* h.run(h.orders.getOrder(alice, order.orderId))).timeline.slice(1).map((e) => e.actor),
        ).toEqual([ADMIN, ADMIN])
      }),
  )

  it.effect("the same key with a different request is refused, never applied", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* h.run(h.orders.createBuy(request(10)))
      const refused = yield* h.fail(h.orders.createBuy(request(11)))
      expect(refused._tag).toBe("IdempotencyKeyReused")
      expect(refused.message).toBe(
        "The idempotency key client-key-1 was already used for a different request",
      )
      expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(10)
      expect(
        (yield* h.fail(
          h.orders.createSell({
            memberId: alice,
            idempotencyKey: key,
            unitType: "LAND_USD",
            numberOfUnits: 20,
          }),
        ))._tag,
      ).toBe("IdempotencyKeyReused")
    }),
  )

  it.effect("keys belong to their member: two members may use the same key", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* h.run(h.orders.createBuy(request(10)))
      yield* h.run(h.orders.createBuy({ ...request(10), memberId: bob }))
      expect(yield* balance(h, bob, "LAND_USD", "pendingBuy")).toBe(10)
    }),
  )

  it.effect(
    "a repeated buy answers its first result whatever its checks would say now (its key is read with its lock)",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const first = yield* h.run(h.orders.createBuy(request(10)))
        // Each of these would refuse or price a new buy differently; the repeat is not a new buy.
        h.members.set(alice, { ...h.members.get(alice)!, emailConfirmed: false })
        expect(yield* h.run(h.orders.createBuy(request(10)))).toEqual(first)
        expect(
          (yield* h.fail(h.orders.createBuy({ ...request(10), idempotencyKey: IdempotencyKey.make("k2") })))
            ._tag,
        ).toBe("EmailNotConfirmed")
        expect(yield* balance(h, alice, "LAND_USD", "pendingBuy")).toBe(10)
      }),
  )

  it.effect("a refused command stores nothing under its key, so it may be retried once it can succeed", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      h.members.set(alice, { ...h.members.get(alice)!, emailConfirmed: false })
      expect((yield* h.fail(h.orders.createBuy(request(10))))._tag).toBe("EmailNotConfirmed")
      h.members.set(alice, { ...h.members.get(alice)!, emailConfirmed: true })
      expect((yield* h.run(h.orders.createBuy(request(10)))).orderStatus).toBe("Initiated")
    }),
  )
})
