import { Layer } from "effect"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { BuyJournal } from "../../src/orders/ports/BuyJournal.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { buyJournalContract } from "../support/BuyJournalContract.ts"
import {
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "../support/OrderStoresContract.ts"

orderRepositoryContract("memory", () => OrderRepository.layerMemory)
payoutRepositoryContract("memory", () => PayoutRepository.layerMemory)
idempotencyStoreContract("memory", () => IdempotencyStore.layerMemory)
buyJournalContract("memory", () =>
  BuyJournal.layerMemory.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        LedgerStore.layerMemory,
        OrderRepository.layerMemory,
        IdempotencyStore.layerMemory,
        UnitOfWork.layerMemory,
      ),
    ),
  ),
)
