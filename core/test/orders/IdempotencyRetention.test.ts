/**
 * The retention of idempotency records (core/src/orders/IdempotencyRetention.ts), over the in-memory store with
 * time from TestClock: a record is deleted once it is more than IDEMPOTENCY_RETENTION_DAYS old, in batches, and a
 * younger one is kept and still answers its first result.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Option } from "effect"
import { TestClock } from "effect/testing"
import { idempotencyCutoff, pruneIdempotencyRecords } from "../../src/orders/IdempotencyRetention.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import {
  Durations,
  IDEMPOTENCY_PRUNE_BATCH_SIZE,
  IDEMPOTENCY_RETENTION_DAYS,
} from "../../src/shared/Constants.ts"
import { IdempotencyKey } from "../../src/shared/Ids.ts"

const { DAY } = Durations

const save = (key: string) =>
  IdempotencyStore.use((store) =>
    store.save({
      scope: "system",
      idempotencyKey: IdempotencyKey.make(key),
      requestHash: `h-${key}`,
      response: { key },
    }),
  )
const kept = (key: string) =>
  IdempotencyStore.use((store) => store.find("system", IdempotencyKey.make(key))).pipe(
    Effect.map(Option.isSome),
  )

describe("idempotency records' retention", () => {
  it("is 30 days, longer than any card provider redelivers a webhook (Stripe 3 days, Square 72 hours)", () => {
    assert.strictEqual(IDEMPOTENCY_RETENTION_DAYS, 30)
    assert.isAbove(IDEMPOTENCY_RETENTION_DAYS * DAY, 3 * DAY)
    assert.strictEqual(idempotencyCutoff(40 * DAY), 10 * DAY)
    assert.isAbove(IDEMPOTENCY_PRUNE_BATCH_SIZE, 0)
  })

  it.effect(
    "deletes the records more than 30 days old, batch by batch, keeps the younger ones and one exactly 30 days old",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(0)
        for (const key of ["a", "b", "c", "d", "e"]) yield* save(key)
        yield* TestClock.setTime(5 * DAY)
        yield* save("five-days")
        yield* TestClock.setTime(31 * DAY)
        yield* save("edge")
        yield* TestClock.setTime(35 * DAY)
        yield* save("new")
        // At 61 days: a-e (61 days old) and five-days (56) go; edge is exactly 30 days old and stays.
        yield* TestClock.setTime(61 * DAY)
        assert.strictEqual(yield* pruneIdempotencyRecords(2), 6)
        const left = []
        for (const key of ["a", "b", "c", "d", "e", "five-days", "edge", "new"])
          if (yield* kept(key)) left.push(key)
        assert.deepStrictEqual(left, ["edge", "new"])
        // Nothing more is due: a second run deletes nothing.
        assert.strictEqual(yield* pruneIdempotencyRecords(2), 0)
      }).pipe(Effect.provide(IdempotencyStore.layerMemory)),
  )

  it.effect("a kept record's key still answers its first result after a run", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(0)
      yield* save("first")
      yield* TestClock.setTime(29 * DAY)
      assert.strictEqual(yield* pruneIdempotencyRecords(), 0)
      const found = yield* IdempotencyStore.use((store) => store.find("system", IdempotencyKey.make("first")))
      assert.deepStrictEqual(Option.getOrThrow(found).response, { key: "first" })
    }).pipe(Effect.provide(IdempotencyStore.layerMemory)),
  )

  it.effect("a batch size below 1 is a bug: it would never end", () =>
    Effect.gen(function* () {
      for (const size of [0, -1, 1.5]) {
        const exit = yield* Effect.exit(pruneIdempotencyRecords(size))
        assert.isTrue(Exit.isFailure(exit), String(size))
      }
    }).pipe(Effect.provide(IdempotencyStore.layerMemory)),
  )
})
