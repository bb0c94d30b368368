/** Model-based property test of the order engine (core/test/support/OrderEngineModel.ts): buys placed several at once, committed in batches. */
import { describe, it } from "@effect/vitest"
import { batchedCommands, property, RUNS, TIMEOUT_MS } from "../support/OrderEngineModel.ts"

/** Half the other files' sequences: each of its steps runs up to eight buys (and replays them). */
const BATCHED_RUNS = Math.ceil(RUNS / 2)

describe("the ledger and the order engine with buys committed in batches", () => {
  it.effect(
    `keep every invariant after every step of ${BATCHED_RUNS} random sequences, buys placed several at once among all commands`,
    property(batchedCommands, BATCHED_RUNS),
    TIMEOUT_MS,
  )
})
