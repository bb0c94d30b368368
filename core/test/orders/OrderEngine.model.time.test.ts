/** Model-based property test of the ledger and the order engine (core/test/support/OrderEngineModel.ts): LU2X moves, converts and clock jumps. */
import { describe, it } from "@effect/vitest"
import { property, RUNS, TIMEOUT_MS, timeCommands } from "../support/OrderEngineModel.ts"

describe("the ledger and the order engine under random command sequences", () => {
  it.effect(
    `keep every invariant after every step of ${RUNS} random sequences of LU2X moves, converts and clock jumps`,
    property(timeCommands),
    TIMEOUT_MS,
  )
})
