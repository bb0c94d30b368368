/**
 * The server's order jobs (adapters/src/jobs/OrderJobs.ts) over the in-memory order engine, time driven by
 * TestClock: unpaid buys expire after their window and release their Units, converts unlock after 30 days,
 * two processes in the same minute do the work once, a failing run does not stop the loop, and the loop
 * stops with its scope.
 */
import { assert, describe, it } from "@effect/vitest"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import type { OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import {
  BANK_CRYPTO_ORDER_EXPIRY_MS,
  CARD_ORDER_EXPIRY_MS,
  CONVERT_LOCK_MS,
} from "@landunits/core/shared/Constants.ts"
import type { PaymentMethod } from "@landunits/core/shared/Enums.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import {
  ADMIN,
  makeOrderHarness,
  type OrderHarness,
  START,
} from "@landunits/core/test-support/OrderHarness.ts"
import { balance } from "@landunits/core/test-support/OrderSteps.ts"
import { Cause, ConfigProvider, Duration, Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import { OrderJobsLive, orderJobKey } from "../../src/jobs/OrderJobs.ts"

const alice = MemberId.make("alice")
const HOUR = 3_600_000
const MINUTE = 60_000

let keys = 0
const key = () => IdempotencyKey.make(`job-test-${++keys}`)

const createBuy = (orders: OrderService["Service"], paymentMethod: PaymentMethod, numberOfUnits = 10) =>
  orders.createBuy({
    confirmsBusinessPurpose: true,
    memberId: alice,
    idempotencyKey: key(),
    unitType: "LAND_USD",
    numberOfUnits,
    paymentMethod,
    isDoubleLand: false,
  })

/** The job layer with the interval given, over `orders`. */
const jobs = (orders: OrderService["Service"], intervalSeconds = 60) =>
  OrderJobsLive.pipe(
    Layer.provide(Layer.succeed(OrderService, orders)),
    Layer.provide(
      ConfigProvider.layer(
        ConfigProvider.fromEnvRecord({ ORDER_JOBS_INTERVAL_SECONDS: String(intervalSeconds) }),
      ),
    ),
  )

/** Starts the job layer in the current scope (it stops when the scope closes). */
const startJobs = (orders: OrderService["Service"], intervalSeconds = 60) =>
  Layer.build(jobs(orders, intervalSeconds))

const statusOf = (h: OrderHarness, order: OrderRecord) =>
  Effect.map(
    h.run(Effect.flatMap(OrderService, (s) => s.getOrder(order.memberId, order.orderId))),
    (o) => o.orderStatus,
  )

const releases = (h: OrderHarness, order: OrderRecord) =>
  Effect.map(
    h.run(Effect.flatMap(LedgerStore, (l) => l.transfersByOrder(order.orderId))),
    (transfers) =>
      transfers.filter((t) => t.from._tag === "MemberAccount" && t.from.bucket === "pendingBuy").length,
  )

describe("the server's order jobs", () => {
  it("a run's idempotency key is the job and its UTC minute", () => {
    const at = Date.UTC(2026, 0, 15, 10, 7, 0)
    assert.strictEqual(orderJobKey("expire-due", at), "order-jobs:expire-due:2026-01-15T10:07")
    assert.strictEqual(orderJobKey("expire-due", at + 59_999), orderJobKey("expire-due", at))
    assert.notStrictEqual(orderJobKey("expire-due", at + MINUTE), orderJobKey("expire-due", at))
    assert.notStrictEqual(orderJobKey("unlock-due", at), orderJobKey("expire-due", at))
  })

  it.effect("ORDER_JOBS_INTERVAL_SECONDS under 60 stops the start, naming the setting and the minimum", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      for (const bad of [1, 30, 59]) {
        const exit = yield* Effect.exit(Effect.scoped(startJobs(h.orders, bad)))
        assert.isTrue(Exit.isFailure(exit), String(bad))
        if (Exit.isFailure(exit)) {
          assert.include(
            String(Cause.squash(exit.cause)),
            "ORDER_JOBS_INTERVAL_SECONDS must be at least 60",
            String(bad),
          )
        }
      }
      for (const good of [60, 3600]) {
        assert.isTrue(
          Exit.isSuccess(yield* Effect.exit(Effect.scoped(startJobs(h.orders, good)))),
          String(good),
        )
      }
    }),
  )

  it.effect("an unpaid bank buy older than 72 hours is expired by the job and its Units are released", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      const order = yield* createBuy(h.orders, "bank")
      assert.strictEqual(yield* balance(h, alice, "LAND_USD", "pendingBuy"), 10)
      yield* startJobs(h.orders)

      yield* TestClock.adjust(BANK_CRYPTO_ORDER_EXPIRY_MS - MINUTE)
      assert.strictEqual(yield* statusOf(h, order), "Initiated")
      assert.strictEqual(yield* balance(h, alice, "LAND_USD", "pendingBuy"), 10)

      yield* TestClock.adjust(Duration.minutes(1))
      assert.strictEqual(yield* statusOf(h, order), "Expired")
      assert.strictEqual(yield* balance(h, alice, "LAND_USD", "pendingBuy"), 0)
      assert.strictEqual(yield* releases(h, order), 1)
    }),
  )

  it.effect("an unpaid card buy is expired by the job after 1 hour, a bank buy of the same age is not", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      const card = yield* createBuy(h.orders, "card-stripe")
      const bank = yield* createBuy(h.orders, "bank")
      yield* startJobs(h.orders)
      yield* TestClock.adjust(CARD_ORDER_EXPIRY_MS)
      assert.strictEqual(yield* statusOf(h, card), "Expired")
      assert.strictEqual(yield* statusOf(h, bank), "Initiated")
      assert.strictEqual(yield* balance(h, alice, "LAND_USD", "pendingBuy"), 10)
    }),
  )

  it.effect("converted Units locked 30 days are unlocked by the job into owned", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      const paid = yield* createBuy(h.orders, "bank", 100)
      yield* h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: key(), orderId: paid.orderId })
      const convert = yield* h.orders.createConvert({
        memberId: alice,
        idempotencyKey: key(),
        fromUnitType: "LAND_USD",
        toUnitType: "LAND_EUR",
        numberOfUnits: 100,
      })
      const units = convert.convert!.numberOfUnits
      // Hourly runs: 30 days of minutes would only slow the test; the rule does not depend on the interval.
      yield* startJobs(h.orders, 3600)

      yield* TestClock.adjust(CONVERT_LOCK_MS - HOUR)
      assert.strictEqual(yield* statusOf(h, convert), "Locked")
      assert.strictEqual(yield* balance(h, alice, "LAND_EUR", "convertLocked"), units)

      yield* TestClock.adjust(Duration.hours(1))
      assert.strictEqual(yield* statusOf(h, convert), "Completed")
      assert.strictEqual(yield* balance(h, alice, "LAND_EUR", "convertLocked"), 0)
      assert.strictEqual(yield* balance(h, alice, "LAND_EUR", "owned"), units)
    }),
  )

  it.effect("two app processes running the jobs in the same minute expire each order exactly once", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      const runs: Array<string> = []
      // Each process's engine sees the same store (one database); the counter shows both ran.
      const process = (): OrderService["Service"] => ({
        ...h.orders,
        expireDue: (request) =>
          Effect.suspend(() => {
            runs.push(request.idempotencyKey)
            return h.orders.expireDue(request)
          }),
      })
      const orders = [
        yield* createBuy(h.orders, "bank", 10),
        yield* createBuy(h.orders, "crypto", 20),
        yield* createBuy(h.orders, "bank", 30),
      ]
      yield* startJobs(process())
      yield* startJobs(process())
      yield* TestClock.adjust(BANK_CRYPTO_ORDER_EXPIRY_MS)

      const dueRun = orderJobKey("expire-due", START + BANK_CRYPTO_ORDER_EXPIRY_MS)
      assert.strictEqual(runs.filter((k) => k === dueRun).length, 2)
      for (const order of orders) {
        const record = yield* h.run(Effect.flatMap(OrderService, (s) => s.getOrder(alice, order.orderId)))
        assert.deepStrictEqual(
          record.timeline.filter((e) => e.to === "Expired").map((e) => e.at),
          [START + BANK_CRYPTO_ORDER_EXPIRY_MS],
        )
        assert.strictEqual(yield* releases(h, order), 1)
      }
      assert.strictEqual(yield* balance(h, alice, "LAND_USD", "pendingBuy"), 0)
    }),
  )

  it.effect("a failing run is logged and the next run still expires what is due", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      const order = yield* createBuy(h.orders, "bank")
      let failuresLeft = 2
      let unlockRuns = 0
      const flaky: OrderService["Service"] = {
        ...h.orders,
        expireDue: (request) =>
          Effect.suspend(() => {
            failuresLeft -= 1
            if (failuresLeft === 1)
              return Effect.fail(
                new OrderNotFound({ message: "the database is away", orderId: order.orderId }),
              )
            if (failuresLeft === 0) return Effect.die(new Error("connection reset"))
            return h.orders.expireDue(request)
          }),
        unlockDue: (request) =>
          Effect.suspend(() => {
            unlockRuns += 1
            return h.orders.unlockDue(request)
          }),
      }
      yield* TestClock.adjust(BANK_CRYPTO_ORDER_EXPIRY_MS)
      // The first two runs (a failure, then a defect) happen once the order is already due.
      yield* startJobs(flaky)
      assert.strictEqual(yield* statusOf(h, order), "Initiated")
      yield* TestClock.adjust(Duration.minutes(1))
      assert.strictEqual(yield* statusOf(h, order), "Initiated")
      // The failing expiry did not keep the unlock job from running.
      assert.strictEqual(unlockRuns, 2)
      yield* TestClock.adjust(Duration.minutes(1))
      assert.strictEqual(yield* statusOf(h, order), "Expired")
      assert.strictEqual(yield* balance(h, alice, "LAND_USD", "pendingBuy"), 0)
    }),
  )

  it.effect("the jobs stop when the server's scope closes", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      let runs = 0
      const counted: OrderService["Service"] = {
        ...h.orders,
        expireDue: (request) =>
          Effect.suspend(() => {
            runs += 1
            return h.orders.expireDue(request)
          }),
      }
      yield* Effect.scoped(
        Effect.gen(function* () {
          yield* startJobs(counted)
          yield* TestClock.adjust(Duration.minutes(2))
        }),
      )
      assert.strictEqual(runs, 3)
      yield* TestClock.adjust(Duration.minutes(10))
      assert.strictEqual(runs, 3)
    }),
  )
})
