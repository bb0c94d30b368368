/** `landunits pricing …`: each command's name, arguments, options and help; its action imports `pricing/<verb>.ts` (and the app) only when it runs. */
import { CryptoCoins, CurrencyTypes, PayingMethods, UnitTypes } from "@landunits/core/shared/EnumValues.ts"
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

/** The names each argument takes, from core (the same lists the commands check against). */
const UNIT_TYPE = ["<unitType>", UnitTypes.join(", ")] as const
const CURRENCY = ["<currency>", CurrencyTypes.join(", ")] as const

export const pricingCommands = (pricing: Command, cli: Cli) => {
  pricing
    .command("show")
    .description(
      "show prices (today and their schedule), fees, land limits, external fees, exchange rates and coin prices",
    )
    .action(async () => (await import("./pricing/show.ts")).pricingShow(cli))
  pricing
    .command("set-price")
    .argument(...UNIT_TYPE)
    .description(
      "set a unit type's base price (currency units, ≤ 2500), its base day and its growth per year (%)",
    )
    .requiredOption("--base-price <units>", "the price on the base day, e.g. 12.5")
    .requiredOption("--growth <percent>", "growth per year, e.g. 5")
    .option("--base-date <day>", "the base day, yyyy-mm-dd (default: today, UTC)")
    .action(async (unitType, o) => (await import("./pricing/set-price.ts")).pricingSetPrice(cli, unitType, o))
  pricing
    .command("set-fees")
    .argument(...UNIT_TYPE)
    .description("set a unit type's buy fee (cents), sell fee (Units) and convert fee (Units)")
    .option("--buy-cents <n>", "buyOrderTransactionFeeInCents")
    .option("--sell-units <n>", "sellOrderTransactionFeeInUnits")
    .option("--convert-units <n>", "convertOrderTransactionFeeInUnits")
    .action(async (unitType, o) => (await import("./pricing/set-fees.ts")).pricingSetFees(cli, unitType, o))
  pricing
    .command("set-external-fee <method>")
    .description(
      `set a payment method's external fee (${PayingMethods.join(", ")}): fixed cents and a percentage`,
    )
    .requiredOption("--fixed-cents <n>", "fixedCentsFees")
    .requiredOption("--percent <p>", "fixedPercentageFees, e.g. 2.9")
    .action(async (method, o) =>
      (await import("./pricing/set-external-fee.ts")).pricingSetExternalFee(cli, method, o),
    )
  pricing
    .command("set-rate")
    .argument("<from>", CurrencyTypes.join(", "))
    .argument("<to>", CurrencyTypes.join(", "))
    .argument("<rate>", "units of <to> for one of <from>, e.g. 0.850000")
    .description("set the exchange rate from one currency to another for a day (at most 6 decimals)")
    .option("--day <day>", "yyyy-mm-dd (default: today, UTC)")
    .action(async (from, to, rate, o) =>
      (await import("./pricing/set-rate.ts")).pricingSetRate(cli, from, to, rate, o),
    )
  pricing
    .command("set-coin-price")
    .argument("<coin>", CryptoCoins.join(", "))
    .argument(...CURRENCY)
    .argument("<price>", "in currency units, e.g. 65000.00")
    .description(
      `set the price of one coin (${CryptoCoins.join(", ")}) in an order currency, in currency units (at most 2 decimals), as of now`,
    )
    .action(async (coin, currency, price) =>
      (await import("./pricing/set-coin-price.ts")).pricingSetCoinPrice(cli, coin, currency, price),
    )
  pricing
    .command("set-land")
    .argument(...UNIT_TYPE)
    .description(
      "set a unit type's land value, the LU2X cap, and the pending-purchase limit per member (cents)",
    )
    .option("--land-value-cents <n>", "totalProjectLandValueInCents")
    .option("--lu2x-cap-cents <n>", "maxDoubleLandUnitsBoughtValueInCents")
    .option("--max-pending-cents <n>", "maxPendingPurchaseCents, or none for no limit")
    .action(async (unitType, o) => (await import("./pricing/set-land.ts")).pricingSetLand(cli, unitType, o))
  pricing
    .command("set-bank-account")
    .argument(...CURRENCY)
    .description(
      `set the account members pay bank transfers into, per currency (${CurrencyTypes.join(", ")}); asks before replacing one unless --yes`,
    )
    .requiredOption("--account-name <text>", "the account holder's name")
    .requiredOption("--account-number <text>", "the account number (with its sort code or BSB where used)")
    .requiredOption("--iban <text>", 'the IBAN, or "" where the currency has none')
    .requiredOption("--swift-bic <text>", 'the SWIFT/BIC code, or ""')
    .requiredOption("--bank-name <text>", "the bank's name")
    .requiredOption("--bank-address <text>", "the bank's address")
    .requiredOption("--bank-country <text>", 'the bank\'s country: its name or code ("United Kingdom", "GB")')
    .action(async (currency, o) =>
      (await import("./pricing/set-bank-account.ts")).pricingSetBankAccount(cli, currency, o),
    )
}
