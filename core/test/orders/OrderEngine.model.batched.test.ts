/** Model-based property test of the order engine (core/test/support/OrderEngineModel.ts): buys placed several at once, committed in batches. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  BuyBatchObserver,
  BuyBatchSettings,
  DEFAULT_BUY_BATCH_BOUNDS,
} from "../../src/orders/BuyBatchSettings.ts"
import { batchedCommands, property, RUNS, TIMEOUT_MS } from "../support/OrderEngineModel.ts"

/** A quarter of the other files' sequences for each way of batching: each of its steps runs up to eight buys (and replays them). */
const BATCHED_RUNS = Math.ceil(RUNS / 4)

describe("the ledger and the order engine with buys committed in batches", () => {
  it.effect(
    `keep every invariant after every step of ${BATCHED_RUNS} random sequences, buys placed several at once among all commands, each unit type batched apart, two batches in flight`,
    () =>
      Effect.gen(function* () {
        let batches = 0
        yield* property(batchedCommands, BATCHED_RUNS)().pipe(
          // Two buys waiting with none committing are split in two batches in flight.
          Effect.provideService(BuyBatchSettings, { ...DEFAULT_BUY_BATCH_BOUNDS, splitAt: 2 }),
          Effect.provideService(BuyBatchObserver, () =>
            Effect.sync(() => {
              batches += 1
            }),
          ),
        )
        expect(batches).toBeGreaterThan(0)
      }),
    TIMEOUT_MS,
  )

  it.effect(
    `keep every invariant after every step of ${BATCHED_RUNS} random sequences, buys placed several at once among all commands, one batch across unit types`,
    () =>
      Effect.gen(function* () {
        let mixed = 0
        yield* property(batchedCommands, BATCHED_RUNS)().pipe(
          Effect.provideService(BuyBatchSettings, { ...DEFAULT_BUY_BATCH_BOUNDS, acrossUnitTypes: true }),
          Effect.provideService(BuyBatchObserver, (sizes) =>
            Effect.sync(() => {
              if (sizes.size > 1) mixed += 1
            }),
          ),
        )
        expect(mixed, "batches that took the buys of several unit types").toBeGreaterThan(0)
      }),
    TIMEOUT_MS,
  )
})
