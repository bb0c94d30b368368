/** Pieces the order forms share: the unit-type choice, the LU2X note, the summary table, the KYC note. */
import { kycStatusLabel } from "@landunits/core/format/Labels.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import type { UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import {
  DOUBLE_LAND_VESTING_PERCENT_PER_MONTH,
  DOUBLE_LAND_VESTING_START_MONTHS,
} from "@landunits/core/shared/Constants.ts"
import { type UnitType, UnitTypes, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { type ReactNode, useState } from "react"
import { useDebouncedValue } from "../../lib/useDebouncedValue.ts"

export function UnitTypeSelect({
  id,
  label,
  value,
  onChange,
  exclude,
}: {
  readonly id: string
  readonly label: string
  readonly value: UnitType
  readonly onChange: (unitType: UnitType) => void
  readonly exclude?: UnitType
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as UnitType)}>
        {UnitTypes.filter((t) => t !== exclude).map((t) => (
          <option key={t} value={t}>
            {unitDisplayName(t)}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The LU2X (double land) rule of spec §4, shown beside the LU2X choice. */
export const LU2X_VESTING_TEXT =
  `LU2X Units can be sold or transferred only from ${DOUBLE_LAND_VESTING_START_MONTHS} months after purchase, ` +
  `${DOUBLE_LAND_VESTING_PERCENT_PER_MONTH}% of the total owned per month.`

export function Lu2xChoice({
  id,
  checked,
  onChange,
  label,
  detail,
}: {
  readonly id: string
  readonly checked: boolean
  readonly onChange: (checked: boolean) => void
  readonly label: string
  readonly detail?: ReactNode
}) {
  return (
    <div className="field order-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      <p className="field__hint" id={`${id}-hint`}>
        {detail} {LU2X_VESTING_TEXT}
      </p>
    </div>
  )
}

/**
 * A row of a summary: a term, its value, `total` on the row that sums it up (the one announced), and why it is
 * there (a charge's reason, shown under its term).
 */
export type SummaryRow = readonly [string, ReactNode, ("total" | undefined)?, string?]

/** A summary row's term, with its reason under it when it has one. */
export function SummaryTerm({ term, why }: { readonly term: string; readonly why?: string | undefined }) {
  return (
    <dt>
      {term}
      {why === undefined ? null : <span className="order-summary__why">{why}</span>}
    </dt>
  )
}

/** How long the total must stay the same before it is announced: one announcement per figure typed. */
export const TOTAL_ANNOUNCE_DELAY_MS = 500

/**
 * A definition list of the order's figures. On a form (`announceTotal`) the total changes as the member types,
 * without taking focus, so a polite live region, present from the start, says it once it has stayed the same
 * for a moment (WCAG 4.1.3): "Your order: Payment amount $114.90".
 */
export function Summary({
  title,
  rows,
  announceTotal = false,
}: {
  readonly title: string
  readonly rows: ReadonlyArray<SummaryRow>
  readonly announceTotal?: boolean
}) {
  const total = rows.find((row) => row[2] === "total")
  const sentence =
    total === undefined || typeof total[1] !== "string" || total[1] === "—"
      ? ""
      : `${title}: ${total[0]} ${total[1]}`
  // Nothing is said until the total first changes: the figures the page opens with are read with the page.
  const [first] = useState(sentence)
  const spoken = useDebouncedValue(sentence, TOTAL_ANNOUNCE_DELAY_MS)
  const [changed, setChanged] = useState(false)
  if (!changed && spoken !== first) setChanged(true)
  return (
    <section className="order-summary" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {rows.map(([term, value, kind, why]) => (
          <div key={term} className={kind === "total" ? "order-summary__total" : undefined}>
            <SummaryTerm term={term} why={why} />
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {announceTotal ? (
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {changed ? spoken : ""}
        </p>
      ) : null}
    </section>
  )
}

/** A rule of spec §5 that stops the order, announced as it appears. */
export function OrderWarning({
  message,
  id,
}: {
  readonly message: string | undefined
  readonly id?: string
}) {
  return message ? (
    <p className="order-warning" role="alert" id={id}>
      {message}
    </p>
  ) : null
}

/** Selling, transferring and converting need KYC Verified (decisions.md). */
export function KycNote({ user, action }: { readonly user: User; readonly action: string }) {
  return user.kycStatus === "Verified" ? null : (
    <p className="order-note">
      {action} needs a verified identity. Your verification status is{" "}
      <strong>{kycStatusLabel(user.kycStatus)}</strong>:{" "}
      <a href="/dashboard/settings/kyc-verification">complete your KYC verification</a>.
    </p>
  )
}

export const holdingOf = (
  holdings: ReadonlyArray<UnitHolding>,
  unitType: UnitType,
): UnitHolding | undefined => holdings.find((h) => h.unitType === unitType)

export const priceOf = (prices: ReadonlyArray<UnitPrice>, unitType: UnitType): UnitPrice | undefined =>
  prices.find((p) => p.unitType === unitType)

/** The typed Units as a whole number, or 0 while the field is not a valid number. */
export const typedUnits = (text: string): number =>
  /^[0-9]{1,9}$/.test(text.trim()) ? Number(text.trim()) : 0

/** A formula that refuses impossible input (RangeError) gives no figure rather than a wrong one. */
export const safely = <A,>(f: () => A): A | undefined => {
  try {
    return f()
  } catch {
    return undefined
  }
}

/**
 * One key per distinct request within one form's life: sending the same request again (after a failure, or a
 * double click) answers the first result (docs/api.md); a new visit to the form is a new order.
 */
export const keyIn = (keys: Map<string, string>, request: unknown, fresh: () => string): string => {
  const text = JSON.stringify(request)
  const known = keys.get(text)
  if (known !== undefined) return known
  const key = fresh()
  keys.set(text, key)
  return key
}
