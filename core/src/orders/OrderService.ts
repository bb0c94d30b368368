/**
 * The order engine: every order command of decisions.md (Orders) as a use case over ports.
 *
 * Each command
 * - runs inside UnitOfWork.transaction (one database transaction in production),
 * - takes an IdempotencyKey: a repeat with the same request returns the first result and changes nothing;
 *   the same key with a different request is refused (IdempotencyKeyReused),
 * - does every check before its first write, so a refused command writes nothing,
 * - moves Units only through LedgerService (docs/ledger.md lists each command's transfers) and statuses
 *   only through the transition table (OrderTransitions.ts).
 *
 * This file holds the service's shape and its requests. The frame every command runs in (ports,
 * idempotency, unit of work, locks, transitions, shared checks) is OrderCommandFrame.ts, made once; each
 * family of commands is a module of its own over that frame (BuyCommands, BuyPaymentCommands,
 * SellCommands, TransferCommands, ConvertCommands, PayoutCommands, OrderJobs, OrderQueries), composed below,
 * so callers see one OrderService as before.
 */

import { Context, Effect, Layer } from "effect"
import type { Actor } from "../access/AccessModel.ts"
import type { GuardRefusal } from "../access/MemberGuard.ts"
import type { InsufficientUnits, InvalidTransfer } from "../ledger/LedgerErrors.ts"
import type { ExchangeRateUnavailable } from "../pricing/ports/ExchangeRates.ts"
import type { CryptoCoin, PaymentMethod, UnitType } from "../shared/Enums.ts"
import type { IdempotencyKey, MemberId, OrderId, PayoutId } from "../shared/Ids.ts"
import { makeBuyCommands } from "./BuyCommands.ts"
import { makeBuyPaymentCommands } from "./BuyPaymentCommands.ts"
import { makeConvertCommands } from "./ConvertCommands.ts"
import type { MemberPayout } from "./MemberPayouts.ts"
import { makeOrderFrame } from "./OrderCommandFrame.ts"
import type {
  CardPaymentBelowMinimum,
  ConvertLimitExceeded,
  ConvertTooSmall,
  DoubleLandCapExceeded,
  DoubleLandUnitsLocked,
  EmailNotConfirmed,
  IdempotencyKeyReused,
  InvalidOrderRequest,
  InvalidPayoutTransition,
  InvalidTransition,
  KycNotVerified,
  OrderConflict,
  OrderNotFound,
  PayoutNotFound,
  PayoutNotPayable,
  PendingPurchaseLimitExceeded,
  RecipientNotFound,
  SellNotAboveFee,
  UnitsUnavailable,
  UnknownReferenceCode,
} from "./OrderErrors.ts"
import { makeOrderJobs } from "./OrderJobs.ts"
import type { OrderRecord, Payout, TransactionFilters, UtmData } from "./OrderModel.ts"
import { makeOrderQueries, type QueueRow } from "./OrderQueries.ts"
import type { ActorAdmin, ActorProvider } from "./OrderTimeline.ts"
import type { PaymentInstructions } from "./PaymentInstructions.ts"
import type { PaymentProviderError } from "./PaymentProviders.ts"
import { makePayoutCommands } from "./PayoutCommands.ts"
import type { UnknownMember } from "./ports/MemberStanding.ts"
import type { SaleQueueStanding } from "./SaleQueuePosition.ts"
import { makeSellCommands } from "./SellCommands.ts"
import type { TransactionPage } from "./Transactions.ts"
import { makeTransferCommands } from "./TransferCommands.ts"

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

/** Every failure a command can end with. */
export type OrderError =
  | GuardRefusal
  | CardPaymentBelowMinimum
  | ConvertLimitExceeded
  | ConvertTooSmall
  | DoubleLandCapExceeded
  | DoubleLandUnitsLocked
  | EmailNotConfirmed
  | ExchangeRateUnavailable
  | IdempotencyKeyReused
  | InsufficientUnits
  | InvalidOrderRequest
  | InvalidPayoutTransition
  | InvalidTransfer
  | InvalidTransition
  | KycNotVerified
  | OrderConflict
  | OrderNotFound
  | PaymentProviderError
  | PayoutNotFound
  | PayoutNotPayable
  | PendingPurchaseLimitExceeded
  | RecipientNotFound
  | SellNotAboveFee
  | UnitsUnavailable
  | UnknownMember
  | UnknownReferenceCode

type Command<I, A> = (request: I) => Effect.Effect<A, OrderError>

export class OrderService extends Context.Service<
  OrderService,
  {
    // Buy
    readonly createBuy: Command<CreateBuyRequest, OrderRecord>
    readonly updateBuyAmount: Command<UpdateBuyAmountRequest, OrderRecord>
    readonly startPayment: Command<StartPaymentRequest, StartedPayment>
    /** success_order: the member's "I have paid". */
    readonly successOrder: Command<SuccessOrderRequest, OrderRecord>
    readonly cancelBuy: Command<MemberOrderRequest, OrderRecord>
    /** Admin: the funds of a bank order are on the platform's account. */
    readonly markFundsReceived: Command<AdminOrderRequest, OrderRecord>
    /** Admin or the card provider's confirmed webhook: the buy is paid. */
    readonly confirmPayment: Command<AdminOrderRequest, ConfirmedPayment>
    /** The provider reports the payment failed (or was canceled): Failed, its Units released. */
    readonly failPayment: Command<FailPaymentRequest, OrderRecord>
    /**
     * The provider declined the current attempt's card: the order waits for another card (Initiated), or fails
     * after MAX_CARD_ATTEMPTS declines (PaymentRules.ts, afterDecline).
     */
    readonly declinePayment: Command<FailPaymentRequest, OrderRecord>
    /** System: expire every unpaid buy past its window. */
    readonly expireDue: Command<SystemRequest, ReadonlyArray<OrderRecord>>
    // Sell
    readonly createSell: Command<CreateSellRequest, OrderRecord>
    readonly cancelSellRest: Command<MemberOrderRequest, OrderRecord>
    // Transfer
    readonly createTransfer: Command<CreateTransferRequest, OrderRecord>
    // Convert
    readonly createConvert: Command<CreateConvertRequest, OrderRecord>
    /** System: move every converted Unit whose 30 days are over to owned. */
    readonly unlockDue: Command<SystemRequest, ReadonlyArray<OrderRecord>>
    // Payouts
    /** Admin: an AUD payout is ready for the transfer between accounts. */
    readonly markPayoutReady: Command<PayoutRequest, Payout>
    readonly markPayoutPaid: Command<PayoutRequest, Payout>
    // Reads
    readonly getOrder: (memberId: MemberId, orderId: OrderId) => Effect.Effect<OrderRecord, OrderNotFound>
    /** The member's orders and the transfers they received, filtered, sorted and paged. */
    readonly transactions: (memberId: MemberId, filters: TransactionFilters) => Effect.Effect<TransactionPage>
    readonly payouts: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Payout>>
    /** Every payout of the member's, as the member reads them (issue 38). */
    readonly memberPayouts: (memberId: MemberId) => Effect.Effect<ReadonlyArray<MemberPayout>>
    /** The payouts of one of the member's orders, any type (issue 38); OrderNotFound for another's. */
    readonly orderPayouts: (
      memberId: MemberId,
      orderId: OrderId,
    ) => Effect.Effect<ReadonlyArray<MemberPayout>, OrderNotFound>
    /** Where a sale of N Units placed now would stand and when it may be sold (the sell review). */
    readonly saleEstimate: (
      unitType: UnitType,
      numberOfUnits: number,
    ) => Effect.Effect<SaleQueueStanding, SellNotAboveFee>
    /** A sell order's standing in its unit type's queue (issue 24); undefined when it has nothing queued. */
    readonly queueStanding: (order: OrderRecord) => Effect.Effect<SaleQueueStanding | undefined>
    /** Every queued sell of these unit types with its standing, oldest first per unit type. */
    readonly salesQueue: (unitTypes: ReadonlyArray<UnitType>) => Effect.Effect<ReadonlyArray<QueueRow>>
  }
>()("@landunits/core/orders/OrderService") {
  static readonly layer = Layer.effect(OrderService)(
    Effect.gen(function* () {
      const frame = yield* makeOrderFrame
      const { orders, payoutRepo, prices } = frame
      return OrderService.of({
        ...makeBuyCommands(frame),
        ...makeBuyPaymentCommands(frame),
        ...makeOrderJobs(frame),
        ...makeSellCommands(frame),
        ...makeTransferCommands(frame),
        ...makeConvertCommands(frame),
        ...makePayoutCommands(frame),
        ...makeOrderQueries(orders, payoutRepo, prices),
      })
    }),
  )
}
