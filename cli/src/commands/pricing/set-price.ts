/**
 * `landunits pricing set-price <unitType> --base-price 12.5 --growth 5 [--base-date yyyy-mm-dd]`: a unit type's
 * price schedule (base in currency units, at most 2,500; growth per year in %). Orders keep the price they were made at.
 * A unit type's first price also gives it the default fees and no land value (settings.ts, `newUnitSettings`):
 * its Units are for sale once `pricing set-land` sets one. With two admins, a request a second admin approves
 * (support/FourEyes.ts).
 */
import { type Cli, runOperation } from "../../Admin.ts"

interface SetPriceOptions {
  readonly basePrice: string
  readonly growth: string
  readonly baseDate?: string
}

export const pricingSetPrice = (cli: Cli, unitType: string, o: SetPriceOptions) =>
  runOperation(cli, { unitType, ...o })
