/**
 * A convert's remainder on its result page and its order page (shared/decisions.md, "Converts"): Units are whole
 * on both sides, so the value of the source Units that bought no whole target Unit is paid back to the member as
 * a payout, with the convert fee in money beside it. The figures are the order's own (`convert.remainderInCents`,
 * `remainderCurrency`, `convertOrderTransactionFeeInCents`: what the server computed with core's Convert.ts).
 */

import { formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import { type UnitType, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"

/**
 * What the remainder is and where it goes, in the member's words: `amount` of their `from` Units' value buys no
 * whole `to` Unit; it is theirs, owed to them as a payout.
 */
export const remainderNote = (amount: string, from: UnitType, to: UnitType): string =>
  `Units are whole: ${amount} of your ${unitDisplayName(from)}'s value buys no whole ${unitDisplayName(to)}. It is yours: it is paid back to your bank account as a payout, with the other payouts.`

export function ConvertRemainderPanel({ order }: { readonly order: Order }) {
  const convert = order.convert
  if (
    order.orderType !== "CONVERT" ||
    convert?.remainderInCents === undefined ||
    convert.remainderCurrency === undefined
  )
    return null
  const from = order.currencyUnit.unitType
  const currency = convert.remainderCurrency
  const remainder = convert.remainderInCents
  const feeUnits = order.currencyUnit.convertOrderTransactionFeeInUnits ?? 0
  const feeCents = convert.convertOrderTransactionFeeInCents
  return (
    <section className="payment-box" aria-labelledby="remainder-title">
      <h2 id="remainder-title">{remainder === 0 ? "Nothing left over" : "Paid back to you"}</h2>
      <dl className="payment-details" data-testid="convert-remainder">
        <div>
          <dt>The remainder</dt>
          <dd>
            {remainder === 0 ? "None: your Units bought whole Units" : formatMoney(remainder, currency)}
          </dd>
        </div>
        {remainder === 0 ? null : (
          <div>
            <dt>How it is paid</dt>
            <dd>A payout owed to you, paid to your bank account with the other payouts</dd>
          </div>
        )}
        <div>
          <dt>Convert fee</dt>
          <dd>
            {feeUnits === 0
              ? "No fee"
              : `${formatNumber0(feeUnits)} ${unitDisplayName(from)}${feeCents === undefined ? "" : `, worth ${formatMoney(feeCents, currency)}`}`}
          </dd>
        </div>
      </dl>
      {remainder === 0 ? null : (
        <p>{remainderNote(formatMoney(remainder, currency), from, convert.unitType)}</p>
      )}
    </section>
  )
}
