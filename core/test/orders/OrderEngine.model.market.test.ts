/** Model-based property test of the ledger and the order engine (core/test/support/OrderEngineModel.ts): buys, sells and payouts (the sales queue). */
import { describe, it } from "@effect/vitest"
import { marketCommands, property, RUNS, TIMEOUT_MS } from "../support/OrderEngineModel.ts"

describe("the ledger and the order engine under random command sequences", () => {
  it.effect(
    `keep every invariant after every step of ${RUNS} random sequences of buys, sells and payouts (the sales queue)`,
    property(marketCommands),
    TIMEOUT_MS,
  )
})
