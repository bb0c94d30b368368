import { MemberGuard } from "@landunits/core/access/MemberGuard.ts"
import { memoryGuardStores } from "@landunits/core/test-support/OrderHarness.ts"
/**
 * What the concurrency and crash tests (and the order benchmark) share: the members, a unit type with
 * 1,000 Units of capacity, and the order engine over PostgreSQL. Members' standing, prices and payment
 * providers come from core's in-memory ports (each process holds the same fixed copy): what is under test
 * is the ledger and the orders, which live in the database.
 */

import type { PgClient } from "@effect/sql-pg"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { LedgerService } from "@landunits/core/ledger/LedgerService.ts"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { DiscountCodes } from "@landunits/core/orders/ports/DiscountCodes.ts"
import { MemberStanding } from "@landunits/core/orders/ports/MemberStanding.ts"
import { SquareGateway } from "@landunits/core/orders/ports/SquareGateway.ts"
import { StripeGateway } from "@landunits/core/orders/ports/StripeGateway.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook, type PriceBookConfig } from "@landunits/core/pricing/ports/PriceBook.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { IdGenerator } from "@landunits/core/shared/ports/IdGenerator.ts"
import { SubscriptionStore } from "@landunits/core/subscriptions/ports/SubscriptionStore.ts"
import {
  BANK_DETAILS,
  defaultLand,
  defaultPriceBook,
  defaultRates,
  standing,
} from "@landunits/core/test-support/OrderHarness.ts"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"
import { layerServer } from "../../../src/postgres/Database.ts"
import { EnginePg } from "../../../src/postgres/EnginePg.ts"

/** The unit type under load, and its capacity: 1,000 Units at 10.000 a Unit is land worth 10,000.00. */
export const LOAD_UNIT_TYPE = "LAND_USD" as const
export const LOAD_CAPACITY_UNITS = 1_000

export const loadPriceBook = (
  capacityUnits = LOAD_CAPACITY_UNITS,
  unitTypes: ReadonlyArray<UnitType> = [LOAD_UNIT_TYPE],
): PriceBookConfig => {
  const book = defaultPriceBook()
  const land = defaultLand({ totalProjectLandValueInCents: capacityUnits * 10 * 100 })
  return {
    ...book,
    landLimits: { ...book.landLimits, ...Object.fromEntries(unitTypes.map((u) => [u, land])) },
  }
}

/** 30 members, all confirmed and KYC-verified, shared by every client of every process. */
export const loadMembers = (): ReadonlyArray<MemberId> =>
  Array.from({ length: 30 }, (_, i) => standing(`m${String(i + 1).padStart(2, "0")}`).memberId)

/** The order engine over the database `database` gives (a PostgreSQL client layer). */
export const loadEngineOn = <E>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E>,
  priceBook: PriceBookConfig = loadPriceBook(),
  stores: typeof EnginePg = EnginePg,
) => {
  const members = new Map(loadMembers().map((id) => [id, standing(id)]))
  const memoryPorts = Layer.mergeAll(
    IdGenerator.layerRandom,
    PriceBook.layerMemory({ current: priceBook }),
    ExchangeRates.layerMemory(defaultRates()),
    MemberStanding.layerMemory(members),
    DiscountCodes.layerMemory([]),
    StripeGateway.layerMemory,
    SquareGateway.layerMemory,
    BankTransfers.layerMemory(BANK_DETAILS),
    CryptoPayments.layerMemory({ BITCOIN: 5_000_000, ETHER: 300_000 }),
    Mailer.layerMemory,
    SubscriptionStore.layerMemory,
    // Load members have no second factor: the guard passes them, as it does in the app.
    MemberGuard.layer.pipe(Layer.provide(memoryGuardStores)),
  )
  return OrderService.layer.pipe(
    Layer.provideMerge(HoldingsService.layer),
    Layer.provideMerge(LedgerService.layer),
    Layer.provideMerge(Layer.mergeAll(stores, memoryPorts)),
    Layer.provideMerge(database),
  )
}

/** The order engine over the PostgreSQL server database at `url`, with a pool of `connections`. */
export const loadEngine = (url: string, connections: number) => loadEngineOn(layerServer(url, connections))
