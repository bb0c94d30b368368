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
 * This file holds the service's shape; its requests and answers are OrderRequests.ts (re-exported here, so the
 * families import them without importing this file), and what each command can fail with is its family's list in
 * OrderFamilyErrors.ts (BuyErrors, SellErrors, …), not one union of every failure. Each family of commands is a
 * module of its own (BuyCommands, BuyPaymentCommands, SellCommands, TransferCommands, ConvertCommands,
 * PayoutCommands, OrderJobs, OrderQueries): an effect that takes only the ports and the small parts it uses, so its
 * requirements name them. The parts are services: the idempotent command runner (OrderCommandRunner), the locks
 * (OrderLocks), the checks and limits (OrderLimits), the record building (OrderRecords), the members' emails
 * (OrderNotifier) and the frame of the commands that move a member's Units out (VerifiedMemberCommand). They are
 * provided once, inside OrderService.layer, and the families composed below, so callers see one OrderService.
 */

import { Context, Effect, Layer } from "effect"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import type { UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { BuyBatches } from "./BuyBatches.ts"
import { makeBuyCommands } from "./BuyCommands.ts"
import { makeBuyPaymentCommands } from "./BuyPaymentCommands.ts"
import { BuyPricing } from "./BuyPricing.ts"
import { makeConvertCommands } from "./ConvertCommands.ts"
import type { MemberPayout } from "./MemberPayouts.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import type { OrderNotFound, SellNotAboveFee } from "./OrderErrors.ts"
import type {
  BuyErrors,
  BuyPaymentErrors,
  CommandError,
  ConvertErrors,
  ErrorFamily,
  OrderJobErrors,
  PayoutErrors,
  SellErrors,
  TransferErrors,
} from "./OrderFamilyErrors.ts"
import { makeOrderJobs } from "./OrderJobs.ts"
import { OrderLimits } from "./OrderLimits.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { OrderRecord, Payout, TransactionFilters } from "./OrderModel.ts"
import { OrderNotifier } from "./OrderNotifier.ts"
import { makeOrderQueries, type QueueRow } from "./OrderQueries.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type {
  AdminOrderRequest,
  ConfirmedPayment,
  CreateBuyRequest,
  CreateConvertRequest,
  CreateSellRequest,
  CreateTransferRequest,
  FailPaymentRequest,
  MemberOrderRequest,
  PayoutRequest,
  StartedPayment,
  StartPaymentRequest,
  SuccessOrderRequest,
  SystemRequest,
  UpdateBuyAmountRequest,
} from "./OrderRequests.ts"
import { makePayoutCommands } from "./PayoutCommands.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import type { SaleQueueStanding } from "./SaleQueuePosition.ts"
import { makeSellCommands } from "./SellCommands.ts"
import type { TransactionPage } from "./Transactions.ts"
import { makeTransferCommands } from "./TransferCommands.ts"
import { VerifiedMemberCommand } from "./VerifiedMemberCommand.ts"

/**
 * The small parts the families take from (each a service: the families require only those they use), one of each
 * per engine: provided here, inside OrderService.layer, so an engine built apart (Layer.fresh) gets its own.
 */
const OrderCommandParts = Layer.mergeAll(
  VerifiedMemberCommand.layer,
  OrderLocks.layer,
  OrderNotifier.layer,
).pipe(
  Layer.provideMerge(BuyBatches.layer),
  Layer.provideMerge(BuyPricing.layer),
  Layer.provideMerge(Layer.mergeAll(OrderCommandRunner.layer, OrderLimits.layer, OrderRecords.layer)),
)

/** The request types live in OrderRequests.ts (the families import them from there); here for the service's users. */
export type * from "./OrderRequests.ts"

/** A command of family F (OrderFamilyErrors.ts): it fails only with the errors its list names. */
type Command<I, A, F extends ErrorFamily, K extends keyof F> = (
  request: I,
) => Effect.Effect<A, CommandError<F, K>>
type Buy<I, A, K extends keyof typeof BuyErrors> = Command<I, A, typeof BuyErrors, K>
type BuyPayment<I, A, K extends keyof typeof BuyPaymentErrors> = Command<I, A, typeof BuyPaymentErrors, K>
type Jobs<I, A, K extends keyof typeof OrderJobErrors> = Command<I, A, typeof OrderJobErrors, K>
type Payouts<I, A, K extends keyof typeof PayoutErrors> = Command<I, A, typeof PayoutErrors, K>

export class OrderService extends Context.Service<
  OrderService,
  {
    // Buy
    readonly createBuy: Buy<CreateBuyRequest, OrderRecord, "createBuy">
    readonly updateBuyAmount: Buy<UpdateBuyAmountRequest, OrderRecord, "updateBuyAmount">
    readonly startPayment: BuyPayment<StartPaymentRequest, StartedPayment, "startPayment">
    /** success_order: the member's "I have paid". */
    readonly successOrder: BuyPayment<SuccessOrderRequest, OrderRecord, "successOrder">
    readonly cancelBuy: Buy<MemberOrderRequest, OrderRecord, "cancelBuy">
    /** Admin: the funds of a bank order are on the platform's account. */
    readonly markFundsReceived: BuyPayment<AdminOrderRequest, OrderRecord, "markFundsReceived">
    /** Admin or the card provider's confirmed webhook: the buy is paid. */
    readonly confirmPayment: BuyPayment<AdminOrderRequest, ConfirmedPayment, "confirmPayment">
    /** The provider reports the payment failed (or was canceled): Failed, its Units released. */
    readonly failPayment: BuyPayment<FailPaymentRequest, OrderRecord, "failPayment">
    /**
     * The provider declined the current attempt's card: the order waits for another card (Initiated), or fails
     * after MAX_CARD_ATTEMPTS declines (PaymentRules.ts, afterDecline).
     */
    readonly declinePayment: BuyPayment<FailPaymentRequest, OrderRecord, "declinePayment">
    /** System: expire every unpaid buy past its window. */
    readonly expireDue: Jobs<SystemRequest, ReadonlyArray<OrderRecord>, "expireDue">
    // Sell
    readonly createSell: Command<CreateSellRequest, OrderRecord, typeof SellErrors, "createSell">
    readonly cancelSellRest: Command<MemberOrderRequest, OrderRecord, typeof SellErrors, "cancelSellRest">
    // Transfer
    readonly createTransfer: Command<
      CreateTransferRequest,
      OrderRecord,
      typeof TransferErrors,
      "createTransfer"
    >
    // Convert
    readonly createConvert: Command<CreateConvertRequest, OrderRecord, typeof ConvertErrors, "createConvert">
    /** System: move every converted Unit whose 30 days are over to owned. */
    readonly unlockDue: Jobs<SystemRequest, ReadonlyArray<OrderRecord>, "unlockDue">
    // Payouts
    /** Admin: an AUD payout is ready for the transfer between accounts. */
    readonly markPayoutReady: Payouts<PayoutRequest, Payout, "markPayoutReady">
    readonly markPayoutPaid: Payouts<PayoutRequest, Payout, "markPayoutPaid">
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
      const orders = yield* OrderRepository
      const payoutRepo = yield* PayoutRepository
      const prices = yield* PriceBook
      return OrderService.of({
        ...(yield* makeBuyCommands),
        ...(yield* makeBuyPaymentCommands),
        ...(yield* makeOrderJobs),
        ...(yield* makeSellCommands),
        ...(yield* makeTransferCommands),
        ...(yield* makeConvertCommands),
        ...(yield* makePayoutCommands),
        ...makeOrderQueries(orders, payoutRepo, prices),
      })
    }),
  ).pipe(Layer.provide(OrderCommandParts))
}
