/**
 * The order engine wired to in-memory ports, with the knobs tests turn: the members' standing, the price book,
 * exchange rates and reference codes; time is the test's TestClock. Built inside an `it.effect` test, so a test
 * (or a model-based property) interleaves commands, reads and TestClock.adjust on one shared state.
 */

import { Context, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { MemberGuard } from "../../src/access/MemberGuard.ts"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "../../src/accounts/ports/PasswordHasher.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import type { InvoiceIssuer } from "../../src/invoices/InvoiceService.ts"
import { HoldingsService } from "../../src/ledger/HoldingsService.ts"
import { LedgerCheckpointService } from "../../src/ledger/LedgerCheckpointService.ts"
import { LedgerService } from "../../src/ledger/LedgerService.ts"
import { LedgerCheckpoints } from "../../src/ledger/ports/LedgerCheckpoints.ts"
import { LedgerSigner } from "../../src/ledger/ports/LedgerSigner.ts"
import type { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { LimitsService } from "../../src/limits/LimitsService.ts"
import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { OrderService } from "../../src/orders/OrderService.ts"
import { byAdmin } from "../../src/orders/OrderTimeline.ts"
import { guardedLayer } from "../../src/orders/OutsideTransaction.ts"
import { BankTransfers } from "../../src/orders/ports/BankTransfers.ts"
import { BuyJournal } from "../../src/orders/ports/BuyJournal.ts"
import { CryptoPayments } from "../../src/orders/ports/CryptoPayments.ts"
import { type DiscountCode, DiscountCodes } from "../../src/orders/ports/DiscountCodes.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { MemberStanding, type Standing } from "../../src/orders/ports/MemberStanding.ts"
import type { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import type { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { SquareGateway } from "../../src/orders/ports/SquareGateway.ts"
import { StripeGateway } from "../../src/orders/ports/StripeGateway.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import type { UnitPrice } from "../../src/pricing/PricingModel.ts"
import { ExchangeRates } from "../../src/pricing/ports/ExchangeRates.ts"
import { type LandLimits, PriceBook, type PriceBookConfig } from "../../src/pricing/ports/PriceBook.ts"
import { PasskeyStore } from "../../src/secondfactor/ports/PasskeyStore.ts"
import { SecondFactorStore } from "../../src/secondfactor/ports/SecondFactorStore.ts"
import { DEFAULT_BUY_FEE_CENTS, DEFAULT_EXTERNAL_FEES } from "../../src/shared/Constants.ts"
import { CurrencyOfUnitType, type KycStatus, type UnitType, UnitTypes } from "../../src/shared/Enums.ts"
import { IdempotencyKey, MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"
import { SubscriptionStore } from "../../src/subscriptions/ports/SubscriptionStore.ts"
import { lockAuditedStores } from "./LockAudit.ts"

/** 2026-01-15T00:00:00Z: the harness's first instant. */
export const START = Date.UTC(2026, 0, 15)

/** The admin who acts in the engine's tests (confirmations, payouts): recorded in the orders' timelines. */
export const ADMIN = byAdmin({
  adminId: MemberId.make("mem_ops"),
  name: "Ana Admin",
  email: "ana@landunits.example",
})

export const BANK_DETAILS = {
  bankAccountName: "Landunits Ltd",
  bankAccountNumber: "12345678",
  iban: "GB33BUKB20201555555555",
  swiftBic: "BUKBGB22",
  bankName: "Example Bank",
  bankAddress: "1 Bank Street, London",
  bankCountry: "United Kingdom",
}

/** 10.000 currency units a Unit (pricePerUnit 10_000), default fees, 10 Units sell fee, no convert fee. */
export const unitPrice = (
  unitType: UnitType,
  pricePerUnit = 10_000,
  overrides: Partial<UnitPrice> = {},
): UnitPrice => ({
  unitType,
  currency: CurrencyOfUnitType[unitType],
  pricePerUnit,
  buyOrderTransactionFeeInCents: DEFAULT_BUY_FEE_CENTS[unitType],
  sellOrderTransactionFeeInUnits: 10,
  convertOrderTransactionFeeInUnits: 0,
  ...overrides,
})

export const perUnitType = <A>(f: (unitType: UnitType) => A): Record<UnitType, A> =>
  Object.fromEntries(UnitTypes.map((u) => [u, f(u)])) as Record<UnitType, A>

/** Land for 10,000 Units at 10.000 (100,000.00 in cents), an LU2X cap of 10,000.00, no pending limit. */
export const defaultLand = (overrides: Partial<LandLimits> = {}): LandLimits => ({
  totalProjectLandValueInCents: 10_000_000,
  maxDoubleLandUnitsBoughtValueInCents: 1_000_000,
  ...overrides,
})

/** Changes one unit type's land limits in a harness's price book: those it has, with `overrides`. */
export const setLand = (
  h: { readonly priceBook: { current: PriceBookConfig } },
  unitType: UnitType,
  overrides: Partial<LandLimits>,
): void => {
  const current = h.priceBook.current
  h.priceBook.current = {
    ...current,
    landLimits: { ...current.landLimits, [unitType]: { ...current.landLimits[unitType], ...overrides } },
  }
}

export const defaultPriceBook = (): PriceBookConfig => ({
  prices: perUnitType((u) => unitPrice(u)),
  externalFees: DEFAULT_EXTERNAL_FEES,
  landLimits: perUnitType(() => defaultLand()),
})

/** Rates between the four currencies in millionths; 1.0 unless given. */
export const defaultRates = (): Map<string, number> => {
  const rates = new Map<string, number>()
  const table: Record<string, number> = { "USD->EUR": 900_000, "EUR->USD": 1_111_111, "USD->AUD": 1_500_000 }
  for (const from of ["EUR", "USD", "AUD", "GBP"]) {
    for (const to of ["EUR", "USD", "AUD", "GBP"]) {
      if (from !== to) rates.set(`${from}->${to}`, table[`${from}->${to}`] ?? 1_000_000)
    }
  }
  return rates
}

export const standing = (id: string, kycStatus: KycStatus = "Verified", emailConfirmed = true): Standing => ({
  memberId: MemberId.make(id),
  email: `${id}@example.com`,
  name: `Member ${id}`,
  emailConfirmed,
  kycStatus,
})

/** How often the harness's checkpoint job would look: an hour. */
export const CHECKPOINT_EVERY_MS = 60 * 60 * 1000

export type Services =
  | OrderService
  | LedgerCheckpointService
  | LedgerCheckpoints
  | LedgerSigner
  | HoldingsService
  | LedgerService
  | LedgerStore
  | OrderRepository
  | PayoutRepository
  | IdempotencyStore
  | Mailer
  | SubscriptionStore

export interface HarnessOptions {
  readonly members?: ReadonlyArray<Standing>
  readonly codes?: ReadonlyArray<DiscountCode>
  readonly priceBook?: PriceBookConfig
  readonly stripe?: Layer.Layer<StripeGateway>
  readonly square?: Layer.Layer<SquareGateway>
  readonly crypto?: Layer.Layer<CryptoPayments>
  /** The stores the member guard reads (factors, sessions, accounts); fresh in-memory ones by default. */
  readonly guardStores?: Layer.Layer<GuardStores>
  /** Invoicing (InvoiceService.ts InvoiceIssuer) for the engine; none by default, as the engine takes it optionally. */
  readonly invoicing?: Layer.Layer<InvoiceIssuer>
}

export type GuardStores =
  | SecondFactorStore
  | PasskeyStore
  | SessionStore
  | AccountRepository
  | PasswordHasher
  | LimitsService

export const memoryGuardStores: Layer.Layer<GuardStores> = Layer.mergeAll(
  SecondFactorStore.layerMemory,
  PasskeyStore.layerMemory,
  SessionStore.layerMemory,
  AccountRepository.layerMemory,
  PasswordHasher.layerInsecureForTests,
  LimitsService.layer.pipe(Layer.provide(AttemptLog.layerMemory)),
)

/** The in-memory world's knobs and its layer, over one unit of work. */
const makeWorld = (options: HarnessOptions, unitOfWork: Effect.Success<typeof UnitOfWork.makeMemory>) => {
  const members = new Map<MemberId, Standing>(
    (options.members ?? [standing("alice"), standing("bob"), standing("carol")]).map((m) => [m.memberId, m]),
  )
  const priceBook = { current: options.priceBook ?? defaultPriceBook() }
  const rates = defaultRates()
  // Every store access inside a command is checked against the locks the command took (LockAudit.ts).
  const stores = Layer.mergeAll(lockAuditedStores(unitOfWork.heldLocks), IdempotencyStore.layerMemory)
  const unitOfWorkLayer = Layer.succeed(UnitOfWork)(unitOfWork.unitOfWork)
  const ports = Layer.mergeAll(
    BuyJournal.layerMemory.pipe(Layer.provideMerge(Layer.merge(stores, unitOfWorkLayer))),
    unitOfWorkLayer,
    IdGenerator.layerSequential,
    PriceBook.layerMemory(priceBook),
    ExchangeRates.layerMemory(rates),
    MemberStanding.layerMemory(members),
    DiscountCodes.layerMemory(options.codes ?? []),
    // Guarded as the app builds them: a provider called inside a unit of work is a defect (OutsideTransaction.ts).
    guardedLayer(StripeGateway, options.stripe ?? StripeGateway.layerMemory),
    guardedLayer(SquareGateway, options.square ?? SquareGateway.layerMemory),
    BankTransfers.layerMemory(BANK_DETAILS),
    guardedLayer(
      CryptoPayments,
      options.crypto ?? CryptoPayments.layerMemory({ BITCOIN: 5_000_000, ETHER: 300_000 }),
    ),
    Mailer.layerMemory,
    SubscriptionStore.layerMemory,
    MemberGuard.layer.pipe(Layer.provide(options.guardStores ?? memoryGuardStores)),
    options.invoicing ?? Layer.empty,
  )
  const layer: Layer.Layer<Services> = LedgerCheckpointService.layer({ everyMs: CHECKPOINT_EVERY_MS }).pipe(
    Layer.provideMerge(OrderService.layer),
    Layer.provideMerge(
      Layer.merge(LedgerCheckpoints.layerMemory.pipe(Layer.provide(stores)), LedgerSigner.layerTest),
    ),
    Layer.provideMerge(HoldingsService.layer),
    Layer.provideMerge(LedgerService.layer),
    Layer.provideMerge(ports),
  )
  return { members, priceBook, rates, layer }
}

/**
 * The order engine's world built inside an `it.effect` test, in its scope: the test's TestClock is set to
 * START (move it with TestClock.adjust / setTime), `run` gives an effect the world's services.
 */
export const makeOrderHarness = Effect.fnUntraced(function* (options: HarnessOptions = {}) {
  yield* TestClock.setTime(START)
  const unitOfWork = yield* UnitOfWork.makeMemory
  const { members, priceBook, rates, layer } = makeWorld(options, unitOfWork)
  const context = (yield* Layer.build(layer)) as Context.Context<Services>
  const run = <A, E>(effect: Effect.Effect<A, E, Services>) => Effect.provideContext(effect, context)
  let keys = 0
  return {
    members,
    priceBook,
    rates,
    /** `effect` in this world (its failure fails the test unless the test handles it). */
    run,
    /** `effect`'s success or typed failure. */
    result: <A, E>(effect: Effect.Effect<A, E, Services>) => Effect.result(run(effect)),
    /** The error of a command that must fail. */
    fail: <A, E>(effect: Effect.Effect<A, E, Services>) => Effect.flip(run(effect)),
    orders: Context.get(context, OrderService),
    /** Whether a unit of work (a database transaction, in production) is open now. */
    inTransaction: () => unitOfWork.heldLocks() !== undefined,
    key: (name?: string) => IdempotencyKey.make(name ?? `key-${++keys}`),
  }
})

export type OrderHarness = Effect.Success<ReturnType<typeof makeOrderHarness>>
