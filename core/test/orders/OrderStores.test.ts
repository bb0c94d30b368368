import { Clock, Layer } from "effect"
import { TestClock } from "effect/testing"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { BuyJournal } from "../../src/orders/ports/BuyJournal.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { buyJournalContract } from "../support/BuyJournalContract.ts"
import {
  idempotencyRetentionContract,
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "../support/OrderStoresContract.ts"

orderRepositoryContract("memory", () => OrderRepository.layerMemory)
payoutRepositoryContract("memory", () => PayoutRepository.layerMemory)
idempotencyStoreContract("memory", () => IdempotencyStore.layerMemory)
// The memory store times its records by Effect's Clock: a TestClock here, moved on to age them.
idempotencyRetentionContract("memory", () => Layer.merge(IdempotencyStore.layerMemory, TestClock.layer()), {
  now: Clock.currentTimeMillis,
  pass: (ms) => TestClock.adjust(ms),
})
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
