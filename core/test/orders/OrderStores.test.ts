import { Layer } from "effect"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderJournal } from "../../src/orders/ports/OrderJournal.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { orderJournalContract } from "../support/OrderJournalContract.ts"
import {
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "../support/OrderStoresContract.ts"

orderRepositoryContract("memory", () => OrderRepository.layerMemory)
payoutRepositoryContract("memory", () => PayoutRepository.layerMemory)
idempotencyStoreContract("memory", () => IdempotencyStore.layerMemory)
orderJournalContract("memory", () =>
  OrderJournal.layerMemory.pipe(
    Layer.provideMerge(
      Layer.mergeAll(LedgerStore.layerMemory, OrderRepository.layerMemory, IdempotencyStore.layerMemory),
    ),
  ),
)
