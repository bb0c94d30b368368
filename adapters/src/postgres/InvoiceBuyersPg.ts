/**
 * InvoiceBuyers on PostgreSQL: the buyer's name (or company) from their account's record and their address from
 * their KYC record, read in one statement and named by core (Invoices.ts `invoiceBuyerOf`).
 */
import { invoiceBuyerOf } from "@landunits/core/invoices/Invoices.ts"
import { InvoiceBuyers } from "@landunits/core/invoices/ports/InvoiceBuyers.ts"
import { Address } from "@landunits/core/kyc/KycModel.ts"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

interface AccountFields {
  readonly firstName?: unknown
  readonly lastName?: unknown
  readonly businessName?: unknown
}

const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)
const text = (value: unknown): string => (typeof value === "string" ? value : "")
const isAddress = Schema.is(Address)

export const InvoiceBuyersPg = Layer.effect(InvoiceBuyers)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return InvoiceBuyers.of({
      buyerOf: (memberId) =>
        sql<{ account: unknown; kyc: unknown }>`
          SELECT a.record AS account, k.record AS kyc
          FROM accounts a LEFT JOIN kyc_records k ON k.member_id = a.member_id
          WHERE a.member_id = ${memberId}`.pipe(
          Effect.map((rows) => {
            const row = rows[0]
            if (row === undefined) return Option.none()
            const account = (json(row.account) ?? {}) as AccountFields
            const address = (json(row.kyc) as { kycInfo?: { address?: unknown } } | null)?.kycInfo?.address
            return Option.fromNullishOr(
              invoiceBuyerOf({
                memberId,
                firstName: text(account.firstName),
                lastName: text(account.lastName),
                businessName: text(account.businessName),
                address: isAddress(address) ? address : undefined,
              }),
            )
          }),
          Effect.orDie,
        ),
    })
  }),
)
