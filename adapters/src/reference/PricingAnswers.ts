/**
 * What PriceBook and BankTransfers answer from the configured settings, whichever reads them: the database at each
 * call (PriceBookPg, BankTransfersPg) or the process's reference data snapshot (PriceBookReferenceData,
 * BankTransfersReferenceData).
 */
import { priceOnDay } from "@landunits/core/pricing/Pricing.ts"
import type { ExternalFees, UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import type { UnitSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { DEFAULT_EXTERNAL_FEES } from "@landunits/core/shared/Constants.ts"
import { CurrencyOfUnitType } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"

/** A unit type's price on `day` (YYYY-MM-DD) from its settings: the schedule grown to that day. */
export const unitPriceOn = (settings: UnitSettings, day: string): UnitPrice => ({
  unitType: settings.schedule.unitType,
  currency: CurrencyOfUnitType[settings.schedule.unitType],
  pricePerUnit: priceOnDay({ ...settings.schedule, day }),
  buyOrderTransactionFeeInCents: settings.buyOrderTransactionFeeInCents,
  sellOrderTransactionFeeInUnits: settings.sellOrderTransactionFeeInUnits,
  convertOrderTransactionFeeInUnits: settings.convertOrderTransactionFeeInUnits,
})

/** Settings are missing: the installation was not configured. A defect, named. */
export const unconfigured = (what: string) =>
  Effect.die(new Error(`No ${what} is configured: set it with the admin CLI (landunits pricing …)`))

/**
 * The external fees as configured, each payment method that has none at the product owner's default
 * (decisions.md: "External fees per payment method … defaults, all admin-configurable").
 */
export const withDefaultExternalFees = (configured: Partial<ExternalFees>): ExternalFees => ({
  ...DEFAULT_EXTERNAL_FEES,
  ...configured,
})
