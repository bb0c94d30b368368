/**
 * The server's ledger checkpoint job (adapters/src/jobs/LedgerCheckpointJob.ts) over the in-memory engine, time
 * driven by TestClock: a checkpoint at start, one within the interval after the ledger grows, none while nothing
 * moves until a day has passed, a refusal logged without stopping the loop, and the interval's setting.
 */
import { assert, describe, it } from "@effect/vitest"
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { CheckpointRefused } from "@landunits/core/ledger/LedgerErrors.ts"
import { LedgerCheckpoints } from "@landunits/core/ledger/ports/LedgerCheckpoints.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { makeOrderHarness, type OrderHarness, START } from "@landunits/core/test-support/OrderHarness.ts"
import { ConfigProvider, Duration, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { checkpointInterval, LedgerCheckpointJobLive } from "../../src/jobs/LedgerCheckpointJob.ts"

const alice = MemberId.make("alice")
const HOUR = 3_600_000

let keys = 0
const buy = (h: OrderHarness) =>
  h.orders.createBuy({
    confirmsBusinessPurpose: true,
    memberId: alice,
    idempotencyKey: IdempotencyKey.make(`checkpoint-job-${++keys}`),
    unitType: "LAND_USD",
    numberOfUnits: 3,
    paymentMethod: "bank",
    isDoubleLand: false,
  })

const env = (minutes: number) =>
  ConfigProvider.layer(ConfigProvider.fromEnvRecord({ LEDGER_CHECKPOINT_INTERVAL_MINUTES: String(minutes) }))

/** Starts the job (every `minutes`) over `service` in the current scope. */
const startJob = (service: LedgerCheckpointService["Service"], minutes = 60) =>
  Layer.build(
    LedgerCheckpointJobLive.pipe(
      Layer.provide(Layer.succeed(LedgerCheckpointService, service)),
      Layer.provide(env(minutes)),
    ),
  )

const numbers = (h: OrderHarness) =>
  Effect.map(h.run(Effect.flatMap(LedgerCheckpoints, (c) => c.after(0, 100))), (checkpoints) =>
    checkpoints.map((c) => [c.number, c.at, c.treeSize]),
  )

describe("the ledger checkpoint job", () => {
  it.effect(
    "takes a checkpoint at start, then one within the hour after the ledger grows, and none while nothing moves until a day has passed",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(START)
        const h = yield* makeOrderHarness()
        yield* buy(h)
        yield* startJob(yield* h.run(LedgerCheckpointService))
        yield* TestClock.adjust(Duration.zero)
        assert.deepStrictEqual(yield* numbers(h), [[1, START, 1]])

        yield* TestClock.adjust(Duration.minutes(10))
        yield* buy(h)
        yield* TestClock.adjust(Duration.minutes(49))
        assert.strictEqual((yield* numbers(h)).length, 1)
        yield* TestClock.adjust(Duration.minutes(1))
        assert.deepStrictEqual((yield* numbers(h))[1], [2, START + HOUR, 2])

        yield* TestClock.adjust(Duration.hours(23))
        assert.strictEqual((yield* numbers(h)).length, 2)
        yield* TestClock.adjust(Duration.hours(1))
        assert.deepStrictEqual((yield* numbers(h))[2], [3, START + 25 * HOUR, 2])
      }),
  )

  it.effect("a refused checkpoint is logged and the next run still takes one", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const h = yield* makeOrderHarness()
      const real = yield* h.run(LedgerCheckpointService)
      let refusals = 1
      const flaky: LedgerCheckpointService["Service"] = {
        ...real,
        takeIfDue: Effect.suspend(() =>
          refusals-- > 0
            ? Effect.fail(new CheckpointRefused({ message: "the ledger holds 0 transfer(s), fewer than 1" }))
            : real.takeIfDue,
        ),
      }
      yield* buy(h)
      yield* startJob(flaky)
      yield* TestClock.adjust(Duration.zero)
      assert.strictEqual((yield* numbers(h)).length, 0)
      yield* TestClock.adjust(Duration.hours(1))
      assert.deepStrictEqual(yield* numbers(h), [[1, START + HOUR, 1]])
    }),
  )

  it.effect("the interval is LEDGER_CHECKPOINT_INTERVAL_MINUTES, 60 by default, from 1 minute to a day", () =>
    Effect.gen(function* () {
      const read = (record: Record<string, string>) =>
        Effect.result(
          Effect.map(checkpointInterval, Duration.toMinutes).pipe(
            Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(record))),
          ),
        )
      const unset = yield* read({})
      assert.strictEqual(unset._tag === "Success" && unset.success, 60)
      const five = yield* read({ LEDGER_CHECKPOINT_INTERVAL_MINUTES: "5" })
      assert.strictEqual(five._tag === "Success" && five.success, 5)
      assert.strictEqual((yield* read({ LEDGER_CHECKPOINT_INTERVAL_MINUTES: "0" }))._tag, "Failure")
      assert.strictEqual((yield* read({ LEDGER_CHECKPOINT_INTERVAL_MINUTES: "1441" }))._tag, "Failure")
    }),
  )
})
