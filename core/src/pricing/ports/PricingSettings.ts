/**
 * Port: what admins change about pricing (prices, fees, external fees, exchange rates, discount codes, bank
 * accounts) and what they read back to change it. The order engine reads the same settings through PriceBook,
 * ExchangeRates, DiscountCodes and BankTransfers. Implemented by adapters/src/postgres/PricingSettingsPg.ts.
 */
import { Context, type Effect } from "effect"
import type { DiscountCode } from "../../orders/ports/DiscountCodes.ts"
import type { CurrencyType } from "../../shared/Enums.ts"
import type { AdminBankDetails, ExternalFees, PriceSchedule } from "../PricingModel.ts"
import type { LandLimits } from "./PriceBook.ts"

export interface UnitSettings {
  readonly schedule: PriceSchedule
  readonly buyOrderTransactionFeeInCents: number
  readonly sellOrderTransactionFeeInUnits: number
  readonly convertOrderTransactionFeeInUnits: number
  readonly landLimits: LandLimits
}

/** What admins and the demo seed change. */
export class PricingSettings extends Context.Service<
  PricingSettings,
  {
    /**
     * Sets a unit type's settings. When its schedule changes (or it is the first), the new schedule is appended to
     * the schedule history (PriceScheduleHistory, issue 24) as set now, or `since` (the demo seed, whose made-up
     * history starts before today).
     */
    readonly setUnit: (settings: UnitSettings, options?: { readonly since?: number }) => Effect.Effect<void>
    /** Every configured unit type's settings. */
    readonly units: Effect.Effect<ReadonlyArray<UnitSettings>>
    readonly setExternalFees: (fees: ExternalFees) => Effect.Effect<void>
    readonly setRate: (rate: {
      readonly from: CurrencyType
      readonly to: CurrencyType
      readonly rate: number
      readonly day: string
    }) => Effect.Effect<void>
    readonly setDiscountCode: (code: DiscountCode & { readonly active: boolean }) => Effect.Effect<void>
    /** Every reference code, active or not, by code. */
    readonly discountCodes: Effect.Effect<ReadonlyArray<DiscountCode & { readonly active: boolean }>>
    /** The latest rate set for each currency pair, with its day. */
    readonly latestRates: Effect.Effect<
      ReadonlyArray<{
        readonly from: CurrencyType
        readonly to: CurrencyType
        readonly rate: number
        readonly day: string
      }>
    >
    readonly setBankAccount: (currency: CurrencyType, details: AdminBankDetails) => Effect.Effect<void>
    /** The external fee of each payment method that has one (the engine needs all four: PriceBook). */
    readonly externalFees: Effect.Effect<Partial<ExternalFees>>
    /** The bank account members pay into, of each currency that has one. */
    readonly bankAccounts: Effect.Effect<Partial<Record<CurrencyType, AdminBankDetails>>>
    /** Whether anything here is set: a price, an external fee, a rate, a bank account or a reference code. */
    readonly anyConfigured: Effect.Effect<boolean>
  }
>()("@landunits/core/pricing/ports/PricingSettings") {}
