/**
 * What the price charts draw from GET /api/prices/history (issue 24): the daily prices as points, the admins'
 * schedule changes and the member's own purchases as markers, each in words for the chart's table.
 */
import { formatIsoDate, formatNumber0 } from "@landunits/core/format/Format.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import type { PriceHistory } from "@landunits/core/pricing/PricingModel.ts"
import { type CurrencyType, type UnitType, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import type { ChartMarker, ChartPoint } from "../components/shared/LineChart.tsx"
import { formatPrice } from "./prices.ts"

export const pricePointsOf = (history: PriceHistory): ReadonlyArray<ChartPoint> =>
  history.prices.map((p) => ({ day: p.day, value: p.pricePerUnit }))

/** Each change of the schedule in the period: the day's price before and after it, and the new growth. */
export const changeMarkers = (history: PriceHistory): ReadonlyArray<ChartMarker> =>
  history.changes.map((c) => ({
    day: c.day,
    kind: "change" as const,
    value: c.pricePerUnitAfter,
    label:
      (c.pricePerUnitBefore === undefined
        ? `first price ${formatPrice(c.pricePerUnitAfter, history.currency)}`
        : `${formatPrice(c.pricePerUnitBefore, history.currency)} → ${formatPrice(c.pricePerUnitAfter, history.currency)}`) +
      `, growing ${c.growthPerYearPercent}% a year`,
  }))

/**
 * The member's paid buys of `unitType` (Approved or Completed) as markers at the price they kept: the price of
 * the moment each was placed (decisions.md), on the day it was placed.
 */
export const purchaseMarkers = (
  orders: ReadonlyArray<Order>,
  unitType: UnitType,
  currency: CurrencyType,
): ReadonlyArray<ChartMarker> =>
  orders
    .filter(
      (o) =>
        o.orderType === "BUY" &&
        o.currencyUnit.unitType === unitType &&
        (o.orderStatus === "Approved" || o.orderStatus === "Completed"),
    )
    .map((o) => ({
      day: formatIsoDate(o.createdAt),
      kind: "purchase" as const,
      value: o.currencyUnit.pricePerUnit,
      label: `${formatNumber0(o.currencyUnit.numberOfUnits)} ${unitDisplayName(unitType)} at ${formatPrice(o.currencyUnit.pricePerUnit, currency)}${o.currencyUnit.isDoubleLand ? " (LU2X)" : ""}`,
    }))
