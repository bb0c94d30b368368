/**
 * The order engine's requests and its answers: what OrderService.ts declares and each
 * family of commands (BuyCommands, SellCommands, …) implements. Their own module, so a family imports them without
 * importing the service that composes it; OrderService.ts re-exports them for its callers.
 */
import type { Actor } from "../access/AccessModel.ts"
import type { CryptoCoin, PaymentMethod, UnitType } from "../shared/Enums.ts"
import type { IdempotencyKey, MemberId, OrderId, PayoutId } from "../shared/Ids.ts"
import type { OrderRecord, Payout, UtmData } from "./OrderModel.ts"
import type { ActorAdmin, ActorProvider } from "./OrderTimeline.ts"
import type { PaymentInstructions } from "./PaymentInstructions.ts"

// Requests. Every command names its caller and carries its idempotency key. Who acts goes into the order's
// timeline: the member of a member's request, or the request's `actor`; it is not part of the request's hash.

export interface CreateBuyRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly unitType: UnitType
  readonly numberOfUnits: number
  readonly paymentMethod: PaymentMethod
  readonly isDoubleLand: boolean
  readonly referenceCode?: string | undefined
  readonly comments?: string | undefined
  readonly utmData?: UtmData | undefined
  /** The buyer's purchase-order reference, printed on the invoice (BuyReview.ts `PurchaseOrderReferenceField`). */
  readonly purchaseOrderReference?: string | undefined
  /** The buyer confirms business purposes (the terms); a buy without it is refused (BuyReview.ts). */
  readonly confirmsBusinessPurpose: boolean
}

export interface UpdateBuyAmountRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly orderId: OrderId
  readonly numberOfUnits: number
  /** A new payment method; the order's own when absent. */
  readonly paymentMethod?: PaymentMethod | undefined
}

export interface StartPaymentRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly orderId: OrderId
  /** Crypto only. */
  readonly coin?: CryptoCoin | undefined
}

export interface SuccessOrderRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly orderId: OrderId
  /** Crypto only: the transaction hash. */
  readonly transactionHash?: string | undefined
}

export interface MemberOrderRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly orderId: OrderId
  /** An admin acting for the member (the CLI's `orders cancel`); the member when absent. */
  readonly actor?: ActorAdmin | undefined
  /** Why, for the order's timeline (the member reads it). */
  readonly reason?: string | undefined
}

export interface AdminOrderRequest {
  readonly idempotencyKey: IdempotencyKey
  readonly orderId: OrderId
  /** The admin (CLI) or the card provider's event (webhook) that acts. */
  readonly actor: ActorAdmin | ActorProvider
}

export interface FailPaymentRequest extends AdminOrderRequest {
  readonly reason: string
}

export interface CreateSellRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly unitType: UnitType
  readonly numberOfUnits: number
  /** Sell LU2X Units from owned_DOUBLE_LAND (vesting applies). */
  readonly isDoubleLand?: boolean | undefined
  /** The member on their session (MemberGuard: this moves Units out). Not part of the request's hash. */
  readonly actor?: Actor | undefined
}

export interface CreateTransferRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly unitType: UnitType
  readonly numberOfUnits: number
  readonly recipientEmail: string
  /** Send LU2X Units from owned_DOUBLE_LAND (vesting applies). */
  readonly isDoubleLand?: boolean | undefined
  /** The member on their session (MemberGuard: this moves Units out). Not part of the request's hash. */
  readonly actor?: Actor | undefined
}

export interface CreateConvertRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly fromUnitType: UnitType
  readonly toUnitType: UnitType
  readonly numberOfUnits: number
  /** The member on their session (MemberGuard: this moves Units out). Not part of the request's hash. */
  readonly actor?: Actor | undefined
}

export interface PayoutRequest {
  readonly idempotencyKey: IdempotencyKey
  readonly payoutId: PayoutId
  /** The admin who acts (an order the payout completes records them). */
  readonly actor: ActorAdmin
}

export interface SystemRequest {
  readonly idempotencyKey: IdempotencyKey
  /** An admin running the job by hand (the CLI's `orders expire-due`); the job itself when absent. */
  readonly actor?: ActorAdmin | undefined
}

export interface StartedPayment {
  readonly order: OrderRecord
  readonly instructions: PaymentInstructions
}

export interface ConfirmedPayment {
  readonly order: OrderRecord
  /** The payouts owed to the sellers whose queued Units filled the buy. */
  readonly payouts: ReadonlyArray<Payout>
}
