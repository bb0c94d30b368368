/**
 * InvoiceBuyers on PostgreSQL: the buyer's account record (names, type, registration's business name, closure) and
 * their KYC record (address; a business's name, registration and VAT numbers), read in one statement and named by
 * core (Invoices.ts `invoiceBuyerOf`, through members/MemberName.ts).
 */
import { invoiceBuyerOf } from "@landunits/core/invoices/Invoices.ts"
import { InvoiceBuyers } from "@landunits/core/invoices/ports/InvoiceBuyers.ts"
import { Address } from "@landunits/core/kyc/KycModel.ts"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

interface AccountFields {
  readonly firstName?: unknown
  readonly lastName?: unknown
  readonly userType?: unknown
  readonly businessName?: unknown
  readonly closedAt?: unknown
}

interface KycFields {
  readonly kycInfo?: {
    readonly address?: unknown
    readonly businessInfo?: {
      readonly businessName?: unknown
      readonly registrationNumber?: unknown
      readonly vatNumber?: unknown
    }
  }
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
            const kycInfo = ((json(row.kyc) ?? {}) as KycFields).kycInfo
            const address = kycInfo?.address
            const business = kycInfo?.businessInfo
            return Option.fromNullishOr(
              invoiceBuyerOf({
                memberId,
                firstName: text(account.firstName),
                lastName: text(account.lastName),
                userType: account.userType === "BUSINESS" ? "BUSINESS" : "USER",
                businessName: text(account.businessName),
                closedAt: typeof account.closedAt === "number" ? account.closedAt : undefined,
                business: {
                  businessName: text(business?.businessName),
                  registrationNumber: text(business?.registrationNumber),
                  vatNumber: text(business?.vatNumber),
                },
                address: isAddress(address) ? address : undefined,
              }),
            )
          }),
          Effect.orDie,
        ),
    })
  }),
)
