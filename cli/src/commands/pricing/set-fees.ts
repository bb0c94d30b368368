/** `landunits pricing set-fees <unitType> [--buy-cents n] [--sell-units n] [--convert-units n]`: the platform's own fees of a unit type. */
import { type Cli, runOperation } from "../../Admin.ts"

export const pricingSetFees = (
  cli: Cli,
  unitType: string,
  o: { buyCents?: string; sellUnits?: string; convertUnits?: string },
) => runOperation(cli, { unitType, ...o })
