/**
 * The order engine's storage on PostgreSQL, in one layer: the ledger, orders, payouts, idempotency keys,
 * the unit of work, and the journal of batched buys (a batch's lock and reads in one statement, its writes in another). The app,
 * the CLI, the tests and the benchmarks compose it the same way.
 */
import { Layer } from "effect"
import { BuyJournalPg } from "./BuyJournalPg.ts"
import { IdempotencyStorePg } from "./IdempotencyStorePg.ts"
import { LedgerStorePg } from "./LedgerStorePg.ts"
import { OrderRepositoryPg } from "./OrderRepositoryPg.ts"
import { PayoutRepositoryPg } from "./PayoutRepositoryPg.ts"
import { UnitOfWorkPg } from "./UnitOfWorkPg.ts"

export const EnginePg = Layer.mergeAll(
  LedgerStorePg,
  OrderRepositoryPg,
  PayoutRepositoryPg,
  IdempotencyStorePg,
  UnitOfWorkPg,
  BuyJournalPg,
)
