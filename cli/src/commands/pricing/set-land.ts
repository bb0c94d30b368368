/** `landunits pricing set-land <unitType> [--land-value-cents n] [--lu2x-cap-cents n] [--max-pending-cents n|none]`: a project's land value and limits. */
import { type Cli, runOperation } from "../../Admin.ts"

export const pricingSetLand = (
  cli: Cli,
  unitType: string,
  o: { landValueCents?: string; lu2xCapCents?: string; maxPendingCents?: string },
) => runOperation(cli, { unitType, ...o })
