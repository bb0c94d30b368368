/**
 * A member's own data (GDPR articles 15, 17 and 20; issue 23): the export of everything the platform holds about
 * them, and the closure of their account with what is erased at once and what is kept, and for how long.
 *
 * Retention (docs/decisions.md, "A member's own data"): ledger and order records are kept 10 years after the
 * closure (spec §9, "data kept up to 10 years"; commercial and tax law keep books that long), KYC records and
 * documents 5 years (the anti-money-laundering rule: 5 years after the business relationship ends), then a job
 * purges them. Everything else that names the member is erased or pseudonymised when the account closes.
 */

import { Schema } from "effect"
import { CurrentPassword } from "../access/MemberProof.ts"
import { formatNumber0 } from "../format/Format.ts"
import type { OrderStatus, OrderType, UnitType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"

/** How long a finished export can be downloaded, from when it is ready. */
export const EXPORT_DOWNLOAD_DAYS = 7
export const EXPORT_DOWNLOAD_MS = EXPORT_DOWNLOAD_DAYS * 24 * 60 * 60_000
/** Ledger and order records after a closure (spec §9). */
export const RECORDS_RETENTION_YEARS = 10
/** KYC records and documents after a closure (AML: 5 years after the relationship ends). */
export const KYC_RETENTION_YEARS = 5

/** `at` plus whole calendar years (UTC): 29 February moves to 1 March when the year has none. */
export const addYears = (at: number, years: number): number => {
  const d = new Date(at)
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return d.getTime()
}

export const DataExportStatus = Schema.Literals(["building", "ready", "failed", "expired"])
export type DataExportStatus = typeof DataExportStatus.Type

/** One request for a member's data, as stored (the archive's bytes are stored apart, encrypted). */
export const DataExport = Schema.Struct({
  exportId: Schema.String,
  memberId: MemberId,
  status: DataExportStatus,
  requestedAt: Schema.Int,
  readyAt: Schema.optionalKey(Schema.Int),
  /** The download ends then (EXPORT_DOWNLOAD_DAYS after readyAt). */
  expiresAt: Schema.optionalKey(Schema.Int),
  fileName: Schema.optionalKey(Schema.String),
  size: Schema.optionalKey(Schema.Int),
})
export type DataExport = typeof DataExport.Type

/** An export as the member sees it: instants as ISO 8601, and the path to download it while it is ready. */
export const DataExportView = Schema.Struct({
  exportId: Schema.String,
  status: DataExportStatus,
  requestedAt: Schema.String,
  readyAt: Schema.optionalKey(Schema.String),
  expiresAt: Schema.optionalKey(Schema.String),
  size: Schema.optionalKey(Schema.Int),
  downloadPath: Schema.optionalKey(Schema.String),
})
export type DataExportView = typeof DataExportView.Type

export const exportView = (e: DataExport): DataExportView => ({
  exportId: e.exportId,
  status: e.status,
  requestedAt: new Date(e.requestedAt).toISOString(),
  ...(e.readyAt === undefined ? {} : { readyAt: new Date(e.readyAt).toISOString() }),
  ...(e.expiresAt === undefined ? {} : { expiresAt: new Date(e.expiresAt).toISOString() }),
  ...(e.size === undefined ? {} : { size: e.size }),
  ...(e.status === "ready" ? { downloadPath: `/api/user/data-exports/${e.exportId}/download` } : {}),
})

export const ClosedBy = Schema.Literals(["member", "admin"])
export type ClosedBy = typeof ClosedBy.Type

/** A closed account: when, by whom, and when each kind of record it left is purged (and was). */
export const AccountClosure = Schema.Struct({
  memberId: MemberId,
  closedAt: Schema.Int,
  closedBy: ClosedBy,
  kycPurgeAt: Schema.Int,
  recordsPurgeAt: Schema.Int,
  kycPurgedAt: Schema.optionalKey(Schema.Int),
  recordsPurgedAt: Schema.optionalKey(Schema.Int),
})
export type AccountClosure = typeof AccountClosure.Type

export const closureAt = (memberId: MemberId, closedAt: number, closedBy: ClosedBy): AccountClosure => ({
  memberId,
  closedAt,
  closedBy,
  kycPurgeAt: addYears(closedAt, KYC_RETENTION_YEARS),
  recordsPurgeAt: addYears(closedAt, RECORDS_RETENTION_YEARS),
})

/** What a member still has that a closure would leave hanging: Units, open orders, payouts owed to them. */
export interface ClosureStanding {
  readonly balances: ReadonlyArray<{
    readonly unitType: UnitType
    readonly bucket: string
    readonly units: number
  }>
  readonly orders: ReadonlyArray<{
    readonly orderId: string
    readonly orderType: OrderType
    readonly orderStatus: OrderStatus
  }>
  readonly unpaidPayouts: number
}

/** The names a closed account keeps, where a name is needed (every member-facing view shows these). */
export const CLOSED_FIRST_NAME = "Former"
export const CLOSED_LAST_NAME = "member"
/** The address a closed account keeps: unique, and one no mail server accepts (RFC 2606 `.invalid`). */
export const closedEmail = (memberId: MemberId) => `closed-${memberId}@closed.invalid`

/** The confirmation the closing form asks for: the member types their email address. */
export const CloseAccountInput = Schema.Struct({
  confirmEmail: Schema.String.annotate({ description: "The member's email address, typed to confirm" }),
  currentPassword: Schema.optionalKey(CurrentPassword),
})
export type CloseAccountInput = typeof CloseAccountInput.Type

export const PrivacyMessages = {
  confirmEmailRequired: "Type your email address to confirm",
  confirmEmailWrong: "That is not the email address of your account",
  exportNotFound: (exportId: string) => `Data export ${exportId} was not found`,
  exportNotReady: "Your data export is still being prepared. We will email you when it is ready.",
  exportExpired: "This download has expired. Ask for a new export of your data.",
  closed:
    "Your account is closed. Your name and contact details are erased; your orders and ledger entries are kept for 10 years, as the law requires, and then deleted.",
} as const

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber0(n)} ${n === 1 ? one : many}`

/** Why the account cannot close yet, in words, or undefined when nothing stands in the way. */
export const closureRefusal = (
  standing: ClosureStanding,
  isOpen: (orderType: OrderType, status: OrderStatus) => boolean,
): string | undefined => {
  const held = standing.balances.filter((b) => b.units > 0)
  const open = standing.orders.filter((o) => isOpen(o.orderType, o.orderStatus))
  const reasons: Array<string> = []
  if (held.length > 0) {
    const total = held.reduce((sum, b) => sum + b.units, 0)
    const where = [...new Set(held.map((b) => b.unitType))].join(", ")
    reasons.push(`you still hold ${plural(total, "Unit")} (${where}): sell or transfer them first`)
  }
  if (open.length > 0) {
    reasons.push(
      `you have ${plural(open.length, "open order")} (${open.map((o) => o.orderId).join(", ")}): cancel ${open.length === 1 ? "it" : "them"} or wait until ${open.length === 1 ? "it is" : "they are"} complete`,
    )
  }
  if (standing.unpaidPayouts > 0) {
    reasons.push(
      `we still owe you ${plural(standing.unpaidPayouts, "payout")}: we close the account once paid`,
    )
  }
  return reasons.length === 0 ? undefined : `Your account cannot be closed yet: ${reasons.join("; ")}.`
}
