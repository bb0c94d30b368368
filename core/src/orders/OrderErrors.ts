/**
 * The order engine's expected failures. Each carries the message shown to the member (spec §5's wording
 * where it names one) and the HTTP status the API answers with.
 */
import { Schema } from "effect"
import { CurrencyType, KycStatus, OrderStatus, OrderType } from "../shared/Enums.ts"
import { IdempotencyKey, OrderId, PayoutId } from "../shared/Ids.ts"
import { PayoutStatus } from "./OrderModel.ts"

const Message = { message: Schema.String }

export class OrderNotFound extends Schema.TaggedError<OrderNotFound>()(
  "OrderNotFound",
  { ...Message, orderId: Schema.String },
  { httpApiStatus: 404 },
) {}

export class PayoutNotFound extends Schema.TaggedError<PayoutNotFound>()(
  "PayoutNotFound",
  { ...Message, payoutId: Schema.String },
  { httpApiStatus: 404 },
) {}

/** A status move that is not in the transition table (OrderTransitions.ts). */
export class InvalidTransition extends Schema.TaggedError<InvalidTransition>()(
  "InvalidTransition",
  { ...Message, orderId: OrderId, orderType: OrderType, from: OrderStatus, to: OrderStatus },
  { httpApiStatus: 409 },
) {}

export class InvalidPayoutTransition extends Schema.TaggedError<InvalidPayoutTransition>()(
  "InvalidPayoutTransition",
  { ...Message, payoutId: PayoutId, from: PayoutStatus, to: PayoutStatus },
  { httpApiStatus: 409 },
) {}

/** The same idempotency key came with a different request: refused, never applied. */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()(
  "IdempotencyKeyReused",
  { ...Message, idempotencyKey: IdempotencyKey },
  { httpApiStatus: 422 },
) {}

export class InvalidOrderRequest extends Schema.TaggedError<InvalidOrderRequest>()(
  "InvalidOrderRequest",
  Message,
  { httpApiStatus: 400 },
) {}

/** A buy without the buyer's business-purpose confirmation (BuyReview.ts `requireBusinessPurpose`). */
export class BusinessPurposeNotConfirmed extends Schema.TaggedError<BusinessPurposeNotConfirmed>()(
  "BusinessPurposeNotConfirmed",
  Message,
  { httpApiStatus: 422 },
) {}

export class EmailNotConfirmed extends Schema.TaggedError<EmailNotConfirmed>()("EmailNotConfirmed", Message, {
  httpApiStatus: 403,
}) {}

export class KycNotVerified extends Schema.TaggedError<KycNotVerified>()(
  "KycNotVerified",
  { ...Message, kycStatus: KycStatus },
  { httpApiStatus: 403 },
) {}

/** spec §5 buy availability: "You can only buy up to N Unit ($)". */
export class UnitsUnavailable extends Schema.TaggedError<UnitsUnavailable>()("UnitsUnavailable", Message, {
  httpApiStatus: 409,
}) {}

/** spec §5 pending-purchase limit. */
export class PendingPurchaseLimitExceeded extends Schema.TaggedError<PendingPurchaseLimitExceeded>()(
  "PendingPurchaseLimitExceeded",
  Message,
  { httpApiStatus: 409 },
) {}

/** spec §5 LU2X cap: "Maximum remaining Unit ($) in the LU2X offer: N". */
export class DoubleLandCapExceeded extends Schema.TaggedError<DoubleLandCapExceeded>()(
  "DoubleLandCapExceeded",
  Message,
  { httpApiStatus: 409 },
) {}

/** spec §5 convert limit: "You can only convert up to N Unit ($)". */
export class ConvertLimitExceeded extends Schema.TaggedError<ConvertLimitExceeded>()(
  "ConvertLimitExceeded",
  Message,
  { httpApiStatus: 409 },
) {}

/** A convert whose Units are worth less than one Unit of the target type. */
export class ConvertTooSmall extends Schema.TaggedError<ConvertTooSmall>()("ConvertTooSmall", Message, {
  httpApiStatus: 400,
}) {}

/** A sell of N ≤ fee. */
export class SellNotAboveFee extends Schema.TaggedError<SellNotAboveFee>()(
  "SellNotAboveFee",
  { ...Message, feeUnits: Schema.Int },
  { httpApiStatus: 400 },
) {}

/** Double-land (LU2X) Units still inside their vesting schedule. */
export class DoubleLandUnitsLocked extends Schema.TaggedError<DoubleLandUnitsLocked>()(
  "DoubleLandUnitsLocked",
  { ...Message, movableUnits: Schema.Int },
  { httpApiStatus: 409 },
) {}

export class UnknownReferenceCode extends Schema.TaggedError<UnknownReferenceCode>()(
  "UnknownReferenceCode",
  Message,
  { httpApiStatus: 400 },
) {}

export class RecipientNotFound extends Schema.TaggedError<RecipientNotFound>()("RecipientNotFound", Message, {
  httpApiStatus: 404,
}) {}

/** A request that does not fit the order's state or payment method (e.g. a card step on a bank order). */
export class OrderConflict extends Schema.TaggedError<OrderConflict>()(
  "OrderConflict",
  { ...Message, orderId: OrderId },
  { httpApiStatus: 409 },
) {}

/** Card payments below the provider minimum are refused before the provider is called. */
export class CardPaymentBelowMinimum extends Schema.TaggedError<CardPaymentBelowMinimum>()(
  "CardPaymentBelowMinimum",
  { ...Message, minimumCents: Schema.Int, currency: CurrencyType },
  { httpApiStatus: 400 },
) {}

/** A payout to a seller whose KYC is not Verified, or an AUD payout not yet ready. */
export class PayoutNotPayable extends Schema.TaggedError<PayoutNotPayable>()(
  "PayoutNotPayable",
  { ...Message, payoutId: PayoutId },
  { httpApiStatus: 409 },
) {}
