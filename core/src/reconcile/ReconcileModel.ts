/**
 * Reconciliation: the payments the providers report (read from their recorded webhook events, one per
 * provider payment) against the orders the platform marked paid. Amounts are integer minor units (cents).
 */
import { Schema } from "effect"
import { PayingMethod } from "../shared/Enums.ts"
import { OrderId } from "../shared/Ids.ts"

export const ProviderPaymentStatus = Schema.Literals(["succeeded", "failed", "refunded", "pending"])
export type ProviderPaymentStatus = typeof ProviderPaymentStatus.Type

/** One payment as a provider reported it. `orderId` is what the provider's metadata named, if anything. */
export const ProviderPayment = Schema.Struct({
  provider: PayingMethod,
  providerPaymentId: Schema.String.check(Schema.isMinLength(1)),
  orderId: Schema.optionalKey(OrderId),
  amountCents: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** As the provider reported it (upper case); an unknown currency shows as a mismatch. */
  currency: Schema.String,
  status: ProviderPaymentStatus,
  /** Epoch milliseconds the platform received the report. */
  receivedAt: Schema.Int,
})
export type ProviderPayment = typeof ProviderPayment.Type

/** One thing that does not add up, with a sentence an admin can act on. */
export type Mismatch =
  | {
      readonly kind: "PaymentWithoutOrder"
      readonly provider: string
      readonly providerPaymentId: string
      readonly orderId?: string
      readonly message: string
    }
  | { readonly kind: "PaidOrderWithoutPayment"; readonly orderId: string; readonly message: string }
  | {
      readonly kind: "PaymentForUnpaidOrder"
      readonly orderId: string
      readonly provider: string
      readonly providerPaymentId: string
      readonly message: string
    }
  | {
      readonly kind: "AmountMismatch"
      readonly orderId: string
      readonly provider: string
      readonly providerPaymentId: string
      readonly message: string
    }
