/**
 * The order engine's storage on PostgreSQL, in one layer: the ledger, orders, payouts, idempotency keys,
 * the journal that writes a new order with its transfers and key in one statement, the unit of work,
 * and the lock-then-totals read of a new buy. The app, the CLI, the tests and the benchmarks compose it the same way.
 */
import { Layer } from "effect"
import { IdempotencyStorePg } from "./IdempotencyStorePg.ts"
import { LedgerStorePg } from "./LedgerStorePg.ts"
import { LockedReadsPg } from "./LockedReadsPg.ts"
import { OrderJournalPg } from "./OrderJournalPg.ts"
import { OrderRepositoryPg } from "./OrderRepositoryPg.ts"
import { PayoutRepositoryPg } from "./PayoutRepositoryPg.ts"
import { UnitOfWorkPg } from "./UnitOfWorkPg.ts"

export const EnginePg = Layer.mergeAll(
  LedgerStorePg,
  OrderRepositoryPg,
  PayoutRepositoryPg,
  IdempotencyStorePg,
  UnitOfWorkPg,
  OrderJournalPg,
  LockedReadsPg,
)
