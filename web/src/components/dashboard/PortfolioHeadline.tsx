/**
 * The dashboard's headline (issue 38): the member's total value in a currency they choose (remembered on this
 * device), with its change since the previous price day (core's analytics/PortfolioValue.ts values it, in
 * integer cents at the platform's rates), and a member who holds nothing is shown one next step instead.
 */
import { portfolioValue } from "@landunits/core/analytics/PortfolioValue.ts"
import { formatMoney, formatNumber2 } from "@landunits/core/format/Format.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { PriceHistory } from "@landunits/core/pricing/PricingModel.ts"
import { type CurrencyType, CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import {
  headlineParts,
  ratesBetween,
  storedHeadlineCurrency,
  storeHeadlineCurrency,
} from "../../lib/headline.ts"

/** The currencies by name, for the choice. */
const CURRENCY_NAMES: Readonly<Record<CurrencyType, string>> = {
  EUR: "Euro (€)",
  USD: "US dollar ($)",
  AUD: "Australian dollar (A$)",
  GBP: "Pound sterling (£)",
}

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text)

export function PortfolioHeadline({
  holdings,
  histories,
  defaultCurrency,
}: {
  readonly holdings: ReadonlyArray<UnitHolding>
  readonly histories: ReadonlyArray<PriceHistory>
  /** The currency of the unit type the member holds most (the charts' default), until they choose one. */
  readonly defaultCurrency: CurrencyType
}) {
  const [currency, setCurrency] = useState<CurrencyType>(() => storedHeadlineCurrency() ?? defaultCurrency)
  const value = portfolioValue(
    headlineParts(holdings, histories),
    currency,
    ratesBetween(histories, currency),
  )
  return (
    <section className="card headline" aria-labelledby="headline-title">
      <div className="headline__top">
        <h2 id="headline-title" className="headline__title">
          Total value
        </h2>
        <div className="field headline__currency">
          <label htmlFor="headline-currency">Show in</label>
          <select
            id="headline-currency"
            value={currency}
            onChange={(e) => {
              const chosen = e.target.value as CurrencyType
              setCurrency(chosen)
              storeHeadlineCurrency(chosen)
            }}
          >
            {CurrencyTypes.map((c) => (
              <option key={c} value={c}>
                {CURRENCY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {value._tag === "NoRate" ? (
        <p className="headline__missing" role="status">
          Your total cannot be shown in {currency} today: no exchange rate from {value.missing.join(", ")} to{" "}
          {currency} is recorded for today. Choose another currency.
        </p>
      ) : (
        <>
          <p className="headline__value" data-testid="headline-value">
            {formatMoney(value.totalCents, currency)}
          </p>
          {value.change === undefined ? (
            <p className="muted small">
              No change to show: yesterday's prices or exchange rates are not known.
            </p>
          ) : (
            <p className="headline__change">
              <span
                className={
                  value.change.cents < 0 ? "num--down" : value.change.cents > 0 ? "num--up" : undefined
                }
              >
                {signed(formatMoney(value.change.cents, currency), value.change.cents)}
                {value.change.basisPoints === undefined
                  ? ""
                  : ` (${signed(`${formatNumber2(value.change.basisPoints / 100)}%`, value.change.cents)})`}
              </span>{" "}
              <span className="muted">since yesterday's prices and exchange rates</span>
            </p>
          )}
        </>
      )}
    </section>
  )
}

/** What a member who holds nothing sees in place of the headline and a table of zeros: one next step. */
export function FirstUnits() {
  return (
    <section className="card next-step" aria-labelledby="next-step-title">
      <h2 id="next-step-title">You hold no Units yet</h2>
      <p>
        Buy Units in euros, dollars, Australian dollars or pounds, by card, bank transfer or crypto. Their
        value and its change will show here.
      </p>
      <Link to="/dashboard/transaction" search={{ tab: "buy" }} className="btn btn--primary">
        Buy your first Units
      </Link>
    </section>
  )
}
