/**
 * Which unit type a form or chart opens on (issue 27, docs/decisions.md "Forms open on what the member holds"):
 * the one unit type the member holds; the configured default of spec §4 (Constants.DEFAULT_UNIT_TYPE) when they
 * hold none, or several and the default is one of them; otherwise, of several, the one they hold most Units of
 * (ties in the order of spec §3's list). Plain values only (no schema): the dashboard's loader runs it.
 */
import { type UnitType, UnitTypes } from "../shared/EnumValues.ts"
import type { UnitHolding } from "./LedgerModel.ts"

export type HeldUnits = Pick<
  UnitHolding,
  "unitType" | "owned" | "owned_DOUBLE_LAND" | "pendingBuy" | "pendingSell" | "convertLocked"
>

/**
 * What counts as holding a unit type: `any` balance (Buy, the dashboard's charts), or Units `owned` (LU2X
 * included), the ones a sale, transfer or convert can take.
 */
export type HoldingMeasure = "any" | "owned"

const unitsOf = (h: HeldUnits, measure: HoldingMeasure): number =>
  measure === "owned"
    ? h.owned + h.owned_DOUBLE_LAND
    : h.owned + h.owned_DOUBLE_LAND + h.pendingBuy + h.pendingSell + h.convertLocked

/** The unit types the member holds Units of, in the order of spec §3's list, with how many. */
export const heldUnitTypes = (
  holdings: ReadonlyArray<HeldUnits>,
  measure: HoldingMeasure = "any",
): ReadonlyArray<{ readonly unitType: UnitType; readonly units: number }> =>
  UnitTypes.flatMap((unitType) => {
    const units = holdings
      .filter((h) => h.unitType === unitType)
      .reduce((sum, h) => sum + unitsOf(h, measure), 0)
    return units > 0 ? [{ unitType, units }] : []
  })

/** The unit type a form or chart opens on, from what the member holds and the configured default. */
export const defaultUnitType = (
  holdings: ReadonlyArray<HeldUnits>,
  configured: UnitType,
  measure: HoldingMeasure = "any",
): UnitType => {
  const held = heldUnitTypes(holdings, measure)
  const [first] = held
  if (first === undefined) return configured
  if (held.length === 1 || held.some((h) => h.unitType === configured)) {
    return held.length === 1 ? first.unitType : configured
  }
  return held.reduce((most, h) => (h.units > most.units ? h : most), first).unitType
}

/**
 * Convert's pair: from what the member owns (the configured "from" otherwise), to the configured "to", or to the
 * configured "from" when the member's unit type is the configured "to" (a pair is two different types).
 */
export const defaultConvertPair = (
  holdings: ReadonlyArray<HeldUnits>,
  configured: { readonly from: UnitType; readonly to: UnitType },
): { readonly from: UnitType; readonly to: UnitType } => {
  const from = defaultUnitType(holdings, configured.from, "owned")
  return { from, to: from === configured.to ? configured.from : configured.to }
}
