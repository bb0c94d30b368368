import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { ledgerStoreContract } from "../support/LedgerStoreContract.ts"

ledgerStoreContract("in memory", () => LedgerStore.layerMemory)
