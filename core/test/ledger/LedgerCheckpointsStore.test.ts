import { Layer } from "effect"
import { LedgerCheckpoints } from "../../src/ledger/ports/LedgerCheckpoints.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { ledgerCheckpointsContract } from "../support/LedgerCheckpointsContract.ts"

ledgerCheckpointsContract("in memory", () =>
  LedgerCheckpoints.layerMemory.pipe(Layer.provideMerge(LedgerStore.layerMemory)),
)
