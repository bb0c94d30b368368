/** Model-based property test of the ledger and the order engine (core/test/support/OrderEngineModel.ts): all commands. */
import { describe, it } from "@effect/vitest"
import { allCommands, property, RUNS, TIMEOUT_MS } from "../support/OrderEngineModel.ts"

describe("the ledger and the order engine under random command sequences", () => {
  it.effect(
    `keep every invariant after every step of ${RUNS} random sequences of all commands`,
    property(allCommands),
    TIMEOUT_MS,
  )
})
