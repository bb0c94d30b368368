/** `landunits pricing show`: per unit type today's price, its schedule, fees and land limits; the external fees; the latest exchange rates. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PRICE_SCALE } from "@landunits/core/shared/Constants.ts"
import type { Command } from "commander"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const pricingShowCommand = (pricing: Command, cli: Cli) =>
  pricing
    .command("show")
    .description(
      "show prices (today and their schedule), fees, land limits, external fees and exchange rates",
    )
    .action(() =>
      runCommand(
        cli,
        Effect.gen(function* () {
          yield* requireAdmin(cli.options().as)
          const settings = yield* PricingSettings
          const book = yield* PriceBook
          const units = yield* settings.units
          return {
            units: yield* Effect.forEach(units, (u) =>
              Effect.map(book.unitPrice(u.schedule.unitType), (today) => ({
                ...u,
                pricePerUnitToday: today.pricePerUnit,
              })),
            ),
            externalFees: yield* book.externalFees,
            rates: yield* settings.latestRates,
          }
        }),
        (p) =>
          [
            table(
              p.units.map((u) => ({
                unitType: u.schedule.unitType,
                today: (u.pricePerUnitToday / PRICE_SCALE).toFixed(3),
                basePrice: (u.schedule.basePrice / PRICE_SCALE).toFixed(3),
                baseDate: u.schedule.baseDate,
                growthPct: u.schedule.growthPerYearPercent,
                buyFeeCents: u.buyOrderTransactionFeeInCents,
                sellFeeUnits: u.sellOrderTransactionFeeInUnits,
                convertFeeUnits: u.convertOrderTransactionFeeInUnits,
                landValueCents: u.landLimits.totalProjectLandValueInCents,
                lu2xCapCents: u.landLimits.maxDoubleLandUnitsBoughtValueInCents,
                maxPendingCents: u.landLimits.maxPendingPurchaseCents,
              })),
              [
                "unitType",
                "today",
                "basePrice",
                "baseDate",
                "growthPct",
                "buyFeeCents",
                "sellFeeUnits",
                "convertFeeUnits",
                "landValueCents",
                "lu2xCapCents",
                "maxPendingCents",
              ],
              "No unit type is configured.",
            ),
            "",
            table(
              Object.entries(p.externalFees).map(([method, f]) => ({
                method,
                fixedCents: f.fixedCentsFees,
                percent: f.fixedPercentageFees,
              })),
              ["method", "fixedCents", "percent"],
              "No external fees.",
            ),
            "",
            table(
              p.rates.map((r) => ({
                from: r.from,
                to: r.to,
                rate: (r.rate / 1_000_000).toFixed(6),
                day: r.day,
              })),
              ["from", "to", "rate", "day"],
              "No exchange rate is set.",
            ),
          ].join("\n"),
      ),
    )
