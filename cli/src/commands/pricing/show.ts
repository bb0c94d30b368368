/** `landunits pricing show`: per unit type today's price, its schedule, fees and land limits; the external fees; the latest exchange rates, coin prices and bank accounts. */
import { pricingOverview } from "@landunits/core/pricing/PricingAdmin.ts"
import { PRICE_SCALE } from "@landunits/core/shared/Constants.ts"
import { CurrencyTypes, PayingMethods } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const pricingShow = (cli: Cli) =>
  runCommand(cli, Effect.andThen(requireAdmin(cli.options().as), pricingOverview), (p) =>
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
        PayingMethods.map((method) => ({
          method,
          fixedCents: p.externalFees[method]?.fixedCentsFees ?? "not set",
          percent: p.externalFees[method]?.fixedPercentageFees,
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
      "",
      table(
        p.coinPrices.map((c) => ({
          coin: c.coin,
          currency: c.currency,
          centsPerCoin: c.centsPerCoin,
          asOf: new Date(c.asOf).toISOString(),
          current: c.current,
        })),
        ["coin", "currency", "centsPerCoin", "asOf", "current"],
        "No coin price is set: crypto payments are refused.",
      ),
      "",
      table(
        CurrencyTypes.map((currency) => {
          const a = p.bankAccounts[currency]
          return {
            currency,
            accountName: a?.bankAccountName ?? "not set",
            accountNumber: a?.bankAccountNumber,
            iban: a?.iban,
            swiftBic: a?.swiftBic,
            bank: a === undefined ? undefined : `${a.bankName}, ${a.bankCountry}`,
          }
        }),
        ["currency", "accountName", "accountNumber", "iban", "swiftBic", "bank"],
        "No bank account is set.",
      ),
    ].join("\n"),
  )
