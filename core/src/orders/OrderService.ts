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
 * This file holds the service's shape; its requests, answers and error union are OrderRequests.ts (re-exported
 * here, so the families import them without importing this file). The frame every command runs in (ports,
 * idempotency, unit of work, locks, transitions, shared checks) is OrderCommandFrame.ts, made once; each
 * family of commands is a module of its own over that frame (BuyCommands, BuyPaymentCommands,
 * SellCommands, TransferCommands, ConvertCommands, PayoutCommands, OrderJobs, OrderQueries), composed below,
 * so callers see one OrderService as before.
 */

import { Context, Effect, Layer } from "effect"
import type { UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { makeBuyCommands } from "./BuyCommands.ts"
import { makeBuyPaymentCommands } from "./BuyPaymentCommands.ts"
import { makeConvertCommands } from "./ConvertCommands.ts"
import type { MemberPayout } from "./MemberPayouts.ts"
import { makeOrderFrame } from "./OrderCommandFrame.ts"
import type { OrderNotFound, SellNotAboveFee } from "./OrderErrors.ts"
import { makeOrderJobs } from "./OrderJobs.ts"
import type { OrderRecord, Payout, TransactionFilters } from "./OrderModel.ts"
import { makeOrderQueries, type QueueRow } from "./OrderQueries.ts"
import type {
  AdminOrderRequest,
  ConfirmedPayment,
  CreateBuyRequest,
  CreateConvertRequest,
  CreateSellRequest,
  CreateTransferRequest,
  FailPaymentRequest,
  MemberOrderRequest,
  OrderError,
  PayoutRequest,
  StartedPayment,
  StartPaymentRequest,
  SuccessOrderRequest,
  SystemRequest,
  UpdateBuyAmountRequest,
} from "./OrderRequests.ts"
import { makePayoutCommands } from "./PayoutCommands.ts"
import type { SaleQueueStanding } from "./SaleQueuePosition.ts"
import { makeSellCommands } from "./SellCommands.ts"
import type { TransactionPage } from "./Transactions.ts"
import { makeTransferCommands } from "./TransferCommands.ts"

/** The request types live in OrderRequests.ts (the families import them from there); here for the service's users. */
export type * from "./OrderRequests.ts"

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
