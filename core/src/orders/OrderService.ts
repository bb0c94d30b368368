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
 */

import { Clock, Context, Effect, Layer, Option } from "effect"
import {
  allowedPendingRemainderCents,
  checkBuyAvailability,
  checkConvertLimit,
  checkDoubleLandCap,
  checkPendingPurchaseLimit,
  convertibleUnits,
  convertLimitMessage,
  remainingUnits,
} from "../availability/Availability.ts"
import { type DiscountTerms, isSellAboveFee, priceBuyOrder, sellPayoutCents } from "../fees/Fees.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import type { InsufficientUnits, InvalidTransfer } from "../ledger/LedgerErrors.ts"
import { FEES, ISSUANCE, member, type Transfer, type TransferDraft } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { LedgerStore, type LedgerTotals } from "../ledger/ports/LedgerStore.ts"
import { ExchangeRates, type ExchangeRateUnavailable } from "../pricing/ports/ExchangeRates.ts"
import { type LandLimits, PriceBook } from "../pricing/ports/PriceBook.ts"
import { CARD_MINIMUM_CENTS, CONVERT_LOCK_MS } from "../shared/Constants.ts"
import {
  type CryptoCoin,
  CurrencyOfUnitType,
  type OrderType,
  type PaymentMethod,
  type UnitType,
  UnitTypes,
  unitDisplayName,
} from "../shared/Enums.ts"
import { type IdempotencyKey, type MemberId, OrderId, PayoutId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { bankPaymentId } from "./BankPaymentId.ts"
import { convertedUnits, maxUnitsConvertingInto } from "./Convert.ts"
import { doubleLandLockedMessage, movableDoubleLandUnits } from "./DoubleLandVesting.ts"
import {
  CardPaymentBelowMinimum,
  ConvertLimitExceeded,
  ConvertTooSmall,
  DoubleLandCapExceeded,
  DoubleLandUnitsLocked,
  EmailNotConfirmed,
  IdempotencyKeyReused,
  InvalidOrderRequest,
  type InvalidPayoutTransition,
  type InvalidTransition,
  KycNotVerified,
  OrderConflict,
  OrderNotFound,
  type PayoutNotFound,
  PayoutNotPayable,
  PendingPurchaseLimitExceeded,
  RecipientNotFound,
  SellNotAboveFee,
  UnitsUnavailable,
  UnknownReferenceCode,
} from "./OrderErrors.ts"
import type {
  NewOrderRecord,
  OrderRecord,
  PaymentMethodFees,
  Payout,
  SourceBucket,
  TransactionFilters,
  UtmData,
} from "./OrderModel.ts"
import { isAllowedOrderSize, tooManyUnitsMessage } from "./OrderSize.ts"
import {
  EXPIRING_BUY_STATUSES,
  movePayout,
  moveTo,
  QUEUED_SELL_STATUSES,
  RESERVING_BUY_STATUSES,
} from "./OrderTransitions.ts"
import type { PaymentInstructions } from "./PaymentInstructions.ts"
import type { PaymentProviderError } from "./PaymentProviders.ts"
import { checkCardMinimum, expiryWindowMs, isCardMethod } from "./PaymentRules.ts"
import { BankTransfers } from "./ports/BankTransfers.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import { DiscountCodes } from "./ports/DiscountCodes.ts"
import {
  type IdempotencyKeyTaken,
  type IdempotencyRecord,
  IdempotencyStore,
} from "./ports/IdempotencyStore.ts"
import { LockedReads } from "./ports/LockedReads.ts"
import { MemberStanding, type Standing, type UnknownMember } from "./ports/MemberStanding.ts"
import { OrderJournal } from "./ports/OrderJournal.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { SquareGateway } from "./ports/SquareGateway.ts"
import { StripeGateway } from "./ports/StripeGateway.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"
import { requestHash } from "./RequestHash.ts"
import { fillFromQueue, remainingInQueue } from "./SalesQueue.ts"
import { type TransactionPage, transactionPage } from "./Transactions.ts"

// Requests. Every command names its caller and carries its idempotency key.

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
}

export interface AdminOrderRequest {
  readonly idempotencyKey: IdempotencyKey
  readonly orderId: OrderId
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
}

export interface CreateTransferRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly unitType: UnitType
  readonly numberOfUnits: number
  readonly recipientEmail: string
  /** Send LU2X Units from owned_DOUBLE_LAND (vesting applies). */
  readonly isDoubleLand?: boolean | undefined
}

export interface CreateConvertRequest {
  readonly memberId: MemberId
  readonly idempotencyKey: IdempotencyKey
  readonly fromUnitType: UnitType
  readonly toUnitType: UnitType
  readonly numberOfUnits: number
}

export interface PayoutRequest {
  readonly idempotencyKey: IdempotencyKey
  readonly payoutId: PayoutId
}

export interface SystemRequest {
  readonly idempotencyKey: IdempotencyKey
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
    /** The provider reports the payment failed. */
    readonly failPayment: Command<FailPaymentRequest, OrderRecord>
    /** System: expire every unpaid buy past its window. */
    readonly expireDue: Command<SystemRequest, ReadonlyArray<OrderRecord>>
    // Sell
    readonly createSell: Command<CreateSellRequest, OrderRecord>
    readonly cancelSellRest: Command<MemberOrderRequest, OrderRecord>
    // Transfer
    readonly createTransfer: Command<CreateTransferRequest, OrderRecord>
    /** What a sender sees before a transfer: the recipient's name. */
    readonly recipientName: (email: string) => Effect.Effect<string, RecipientNotFound>
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
  }
>()("@landunits/core/orders/OrderService") {
  static readonly layer = Layer.effect(OrderService)(
    Effect.gen(function* () {
      const uow = yield* UnitOfWork
      const idempotency = yield* IdempotencyStore
      const orders = yield* OrderRepository
      const journal = yield* OrderJournal
      const lockedReads = yield* LockedReads
      const payoutRepo = yield* PayoutRepository
      const ledger = yield* LedgerService
      const ledgerStore = yield* LedgerStore
      const holdings = yield* HoldingsService
      const prices = yield* PriceBook
      const rates = yield* ExchangeRates
      const members = yield* MemberStanding
      const discounts = yield* DiscountCodes
      const stripe = yield* StripeGateway
      const square = yield* SquareGateway
      const bank = yield* BankTransfers
      const crypto = yield* CryptoPayments
      const ids = yield* IdGenerator

      /** What a command saves under its key: the key, and the hash of the command and its request. */
      const keyRecord = (scope: string, command: string, key: IdempotencyKey, request: unknown) => ({
        scope,
        idempotencyKey: key,
        requestHash: requestHash(command, request),
      })

      /** A repeat of a command under its key: its first result, or refused if the key was used for another request. */
      const replay = <A>(existing: IdempotencyRecord, record: Omit<IdempotencyRecord, "response">) =>
        existing.requestHash === record.requestHash
          ? Effect.succeed(existing.response as A)
          : Effect.fail(
              new IdempotencyKeyReused({
                message: `The idempotency key ${record.idempotencyKey} was already used for a different request`,
                idempotencyKey: record.idempotencyKey,
              }),
            )

      /**
       * Two commands with one key can both find it unused when they lock different unit types; the second to
       * save it fails with IdempotencyKeyTaken (its transaction writes nothing) and runs once more, which
       * finds the first one's result: its holder has committed by then.
       */
      const onceMoreIfKeyTaken = <A, E>(
        attempt: Effect.Effect<A, E | IdempotencyKeyTaken>,
      ): Effect.Effect<A, Exclude<E, IdempotencyKeyTaken>> =>
        attempt.pipe(
          Effect.catchTag("IdempotencyKeyTaken", () =>
            attempt.pipe(Effect.catchTag("IdempotencyKeyTaken", (taken) => Effect.die(taken))),
          ),
        ) as Effect.Effect<A, Exclude<E, IdempotencyKeyTaken>>

      /**
       * Command frame: one unit of work, idempotent under (scope, key). The key is looked up before the
       * command takes any lock: a repeat answers at once. (A new buy looks its key up with its lock instead,
       * `createBuy`.)
       *
       * `body` saves the key itself, given the record to save (a command that creates an order saves it
       * with the order, through OrderJournal); `idempotent` below saves it after the body.
       */
      const idempotentSaving = <A, E>(
        scope: string,
        command: string,
        key: IdempotencyKey,
        request: unknown,
        body: (record: Omit<IdempotencyRecord, "response">) => Effect.Effect<A, E | IdempotencyKeyTaken>,
      ): Effect.Effect<A, Exclude<E, IdempotencyKeyTaken> | IdempotencyKeyReused> => {
        const record = keyRecord(scope, command, key, request)
        return onceMoreIfKeyTaken(
          uow.transaction(
            Effect.gen(function* () {
              const existing = yield* idempotency.find(scope, key)
              if (Option.isSome(existing)) return yield* replay<A>(existing.value, record)
              return yield* body(record)
            }),
          ),
        )
      }
      const idempotent = <A, E>(
        scope: string,
        command: string,
        key: IdempotencyKey,
        request: unknown,
        body: Effect.Effect<A, E>,
      ): Effect.Effect<A, Exclude<E, IdempotencyKeyTaken> | IdempotencyKeyReused> =>
        idempotentSaving(scope, command, key, request, (record) =>
          Effect.tap(body, (result) => idempotency.save({ ...record, response: result })),
        )
      const memberScope = (memberId: MemberId) => `member:${memberId}`
      const withoutKey = <R extends { readonly idempotencyKey: IdempotencyKey }>({
        idempotencyKey: _,
        ...rest
      }: R) => rest

      const now = Clock.currentTimeMillis
      const iso = (at: number) => new Date(at).toISOString()
      const transition = (order: OrderRecord, to: OrderRecord["orderStatus"], at: number) =>
        Effect.fromResult(moveTo(order, to, at))

      // Checks

      /** A whole number of Units above 0 and at most MAX_UNITS_PER_ORDER (OrderSize.ts). */
      const requireOrderSize = (numberOfUnits: number, orderType: OrderType) =>
        isAllowedOrderSize(numberOfUnits)
          ? Effect.void
          : Effect.fail(
              new InvalidOrderRequest({
                message:
                  Number.isSafeInteger(numberOfUnits) && numberOfUnits > 0
                    ? tooManyUnitsMessage(orderType)
                    : "The number of Units must be a whole number above 0",
              }),
            )

      const requireVerified = (memberId: MemberId, action: string) =>
        Effect.flatMap(members.standing(memberId), (standing) =>
          standing.kycStatus === "Verified"
            ? Effect.succeed(standing)
            : Effect.fail(
                new KycNotVerified({
                  message: `${action} needs a verified identity: complete your KYC verification first`,
                  kycStatus: standing.kycStatus,
                }),
              ),
        )

      /** The unit types an order moves: its own, and a convert's target. */
      const unitTypesOf = (order: OrderRecord): ReadonlyArray<UnitType> =>
        order.convert === undefined
          ? [order.currencyUnit.unitType]
          : [order.currencyUnit.unitType, order.convert.unitType]

      /**
       * An existing order, read again once its unit types are locked: the first read only learns which
       * locks to take (an order's type, owner and unit types never change), the second sees its status as
       * the last command that held the lock left it.
       */
      const lockedOrder = Effect.fnUntraced(function* (
        orderId: OrderId,
        accept: (order: OrderRecord) => Effect.Effect<void, OrderNotFound | OrderConflict>,
      ) {
        const seen = yield* orders.get(orderId)
        yield* accept(seen)
        yield* uow.lockUnitTypes(unitTypesOf(seen))
        return yield* orders.get(orderId)
      })

      /** The member's own order of `orderType`, locked (OrderNotFound for anyone else's). */
      const ownOrder = (memberId: MemberId, orderId: OrderId, orderType: OrderRecord["orderType"]) =>
        lockedOrder(orderId, (order) =>
          order.memberId === memberId && order.orderType === orderType
            ? Effect.void
            : Effect.fail(new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })),
        )

      /** An order of `orderType`, locked (admin and system commands). */
      const orderOfType = (orderId: OrderId, orderType: OrderRecord["orderType"]) =>
        lockedOrder(orderId, (order) =>
          order.orderType === orderType
            ? Effect.void
            : Effect.fail(
                new OrderConflict({ message: `Order ${orderId} is not a ${orderType} order`, orderId }),
              ),
        )

      /** A payout, read again once its unit type is locked (its buy and sell are of that unit type). */
      const lockedPayout = Effect.fnUntraced(function* (payoutId: PayoutId) {
        const seen = yield* payoutRepo.get(payoutId)
        yield* uow.lockUnitTypes([seen.unitType])
        return yield* payoutRepo.get(payoutId)
      })

      /**
       * The inputs of spec §5's capacity formula for `unitType`, from the ledger's totals and the land.
       * `ownReservedUnits` are the Units of the order being changed (already counted, added back).
       */
      const availabilityOf = (
        totals: LedgerTotals,
        land: LandLimits,
        pricePerUnit: number,
        ownReservedUnits: number,
      ) => ({
        projectLandValueCents: land.totalProjectLandValueInCents,
        pendingSellUnits: totals.pendingSell,
        purchasedUnits: -totals.issuance - totals.pendingBuy,
        pendingPurchaseUnits: totals.pendingBuy - ownReservedUnits,
        pricePerUnit,
      })

      /** Units of `unitType` still available (spec §5). Call it holding the unit type's lock. */
      const remainingOf = Effect.fnUntraced(function* (unitType: UnitType, pricePerUnit: number) {
        const totals = yield* ledgerStore.totals(unitType)
        const land = yield* prices.landLimits(unitType)
        return remainingUnits(availabilityOf(totals, land, pricePerUnit, 0))
      })

      /**
       * spec §5 for a buy of `units`: availability, the LU2X cap, the member's pending-purchase limit.
       * `own` is the order being changed (its Units and amount are already counted and are added back).
       * Call it holding the unit type's lock.
       */
      const checkBuyLimits = Effect.fnUntraced(function* (input: {
        readonly memberId: MemberId
        readonly unitType: UnitType
        readonly units: number
        readonly isDoubleLand: boolean
        readonly paymentAmount: number
        readonly own?: OrderRecord | undefined
        /** The unit type's totals when the caller read them with its lock (LockedReads). */
        readonly totals?: LedgerTotals | undefined
      }) {
        const { unitType, units } = input
        const price = (yield* prices.unitPrice(unitType)).pricePerUnit
        const totals = input.totals ?? (yield* ledgerStore.totals(unitType))
        const land = yield* prices.landLimits(unitType)
        const ownUnits = input.own?.currencyUnit.numberOfUnits ?? 0
        const unavailable = checkBuyAvailability({
          ...availabilityOf(totals, land, price, ownUnits),
          requestedUnits: units,
          unitType,
        })
        if (unavailable !== undefined) return yield* new UnitsUnavailable({ message: unavailable })
        if (input.isDoubleLand) {
          // Only an LU2X buy needs the value of the LU2X buys: other buys skip that lookup.
          const capped = checkDoubleLandCap({
            maxDoubleLandUnitsBoughtValueInCents: land.maxDoubleLandUnitsBoughtValueInCents,
            totalDoubleLandUnitsBoughtValueInCents: yield* holdings.doubleLandBoughtCents(unitType),
            pricePerUnit: price,
            countedUnits: ownUnits,
            requestedUnits: units,
            unitType,
          })
          if (capped !== undefined) return yield* new DoubleLandCapExceeded({ message: capped })
        }
        if (land.maxPendingPurchaseCents !== undefined) {
          const pending = yield* orders.find({
            memberId: input.memberId,
            orderType: "BUY",
            unitType,
            statuses: RESERVING_BUY_STATUSES,
          })
          const currentPendingCents = pending
            .filter((o) => o.orderId !== input.own?.orderId)
            .reduce((sum, o) => sum + (o.paymentDetails?.paymentAmount ?? 0), 0)
          const limited = checkPendingPurchaseLimit({
            allowedRemainderCents: allowedPendingRemainderCents({
              limitCents: land.maxPendingPurchaseCents,
              currentPendingCents,
            }),
            requestedCents: input.paymentAmount,
            currentPendingCents,
            unitType,
          })
          if (limited !== undefined) return yield* new PendingPurchaseLimitExceeded({ message: limited })
        }
      })

      /** LU2X vesting: refuses moving more owned_DOUBLE_LAND Units than have vested. */
      const checkVested = Effect.fnUntraced(function* (
        memberId: MemberId,
        unitType: UnitType,
        units: number,
      ) {
        const balance = yield* ledger.balance(memberId, unitType, "owned_DOUBLE_LAND")
        const isMine = (account: Transfer["to"], bucket: string) =>
          account._tag === "MemberAccount" && account.memberId === memberId && account.bucket === bucket
        const lots = (yield* ledgerStore.transfersByMember(memberId))
          .filter(
            (t) =>
              t.unitType === unitType && isMine(t.to, "owned_DOUBLE_LAND") && isMine(t.from, "pendingBuy"),
          )
          .map((t) => ({ units: t.units, at: t.at }))
        const movable = movableDoubleLandUnits(balance, lots, yield* now)
        if (units > movable) {
          return yield* new DoubleLandUnitsLocked({
            message: doubleLandLockedMessage(movable, unitType),
            movableUnits: movable,
          })
        }
      })

      const externalFeeOf = Effect.fnUntraced(function* (method: PaymentMethod) {
        if (method === "None")
          return { fixedCentsFees: 0, fixedPercentageFees: 0 } satisfies PaymentMethodFees
        return (yield* prices.externalFees)[method]
      })

      const findDiscount = Effect.fnUntraced(function* (code: string) {
        const found = yield* discounts.find(code)
        if (Option.isNone(found)) {
          return yield* new UnknownReferenceCode({ message: `The reference code ${code} is not valid` })
        }
        return found.value
      })

      const releaseDrafts = (order: OrderRecord): ReadonlyArray<TransferDraft> => [
        {
          unitType: order.currencyUnit.unitType,
          from: member(order.memberId, "pendingBuy"),
          to: ISSUANCE,
          units: order.currencyUnit.numberOfUnits,
        },
      ]

      const newOrderId = Effect.map(ids.next("ord"), OrderId.make)

      const baseRecord = (input: {
        readonly orderId: OrderId
        readonly memberId: MemberId
        readonly orderType: OrderRecord["orderType"]
        readonly currencyUnit: OrderRecord["currencyUnit"]
        readonly at: number
      }): NewOrderRecord => ({
        orderId: input.orderId,
        orderType: input.orderType,
        orderStatus: "Initiated",
        currencyUnit: input.currencyUnit,
        createdAt: iso(input.at),
        updatedAt: iso(input.at),
        memberId: input.memberId,
        statusHistory: [{ status: "Initiated", at: input.at }],
      })

      // Buy

      /** A new buy's reads that its unit type's lock does not guard: the member, the price, the fees, the code. */
      const priceBuy = Effect.fnUntraced(function* (request: CreateBuyRequest) {
        const standing = yield* members.standing(request.memberId)
        if (!standing.emailConfirmed) {
          return yield* new EmailNotConfirmed({
            message: "Please confirm your email address before buying Units",
          })
        }
        yield* requireOrderSize(request.numberOfUnits, "BUY")
        const price = yield* prices.unitPrice(request.unitType)
        const externalFee = yield* externalFeeOf(request.paymentMethod)
        const code =
          request.referenceCode === undefined || request.referenceCode.trim() === ""
            ? undefined
            : yield* findDiscount(request.referenceCode)
        const priced = priceBuyOrder({
          numberOfUnits: request.numberOfUnits,
          pricePerUnit: price.pricePerUnit,
          isDoubleLand: request.isDoubleLand,
          buyFeeCents: price.buyOrderTransactionFeeInCents,
          externalFee,
          discount: code,
        })
        return { price, externalFee, code, priced }
      })

      /**
       * A new buy. Its key is looked up with its lock and its capacity read, in one round trip (LockedReads):
       * a buy's cost is mostly its statements. The reads the lock does not guard come first, outside the
       * serial section; a repeat answers its first result whatever they say now (a discount code removed
       * since, say), so their refusal waits until the key is known to be new.
       */
      const createBuy = (request: CreateBuyRequest) => {
        const key = keyRecord(
          memberScope(request.memberId),
          "createBuy",
          request.idempotencyKey,
          withoutKey(request),
        )
        return onceMoreIfKeyTaken(
          uow.transaction(
            Effect.gen(function* () {
              const pricing = yield* Effect.result(priceBuy(request))
              const { totals, existing } = yield* lockedReads.lockThenRead(request.unitType, key)
              if (Option.isSome(existing)) return yield* replay<OrderRecord>(existing.value, key)
              const { price, externalFee, code, priced } = yield* Effect.fromResult(pricing)
              const { unitType, numberOfUnits, isDoubleLand, paymentMethod } = request
              yield* checkBuyLimits({
                memberId: request.memberId,
                unitType,
                units: numberOfUnits,
                isDoubleLand,
                paymentAmount: priced.paymentAmount,
                totals,
              })
              const at = yield* now
              const orderId = yield* newOrderId
              const transfers = yield* ledger.prepare(orderId, [
                {
                  unitType,
                  from: ISSUANCE,
                  to: member(request.memberId, "pendingBuy"),
                  units: numberOfUnits,
                },
              ])
              // The order, its reservation and its key: one write, the command's last (OrderJournal).
              const order: NewOrderRecord = {
                ...baseRecord({
                  orderId,
                  memberId: request.memberId,
                  orderType: "BUY",
                  at,
                  currencyUnit: {
                    unitType,
                    numberOfUnits,
                    pricePerUnit: price.pricePerUnit,
                    isDoubleLand,
                    buyOrderTransactionFeeInCents: price.buyOrderTransactionFeeInCents,
                  },
                }),
                paymentDetails: {
                  paymentAmount: priced.paymentAmount,
                  paymentMethod,
                  paymentMethodFees: externalFee,
                  currency: price.currency,
                  subTotal: priced.subTotal,
                  transactionFee: priced.transactionFee,
                },
                buy: {
                  ...(code === undefined
                    ? {}
                    : {
                        referenceCode: code.code,
                        discount: {
                          isPercent: code.isPercent,
                          amount: code.amount,
                          discountValue: priced.discountValue,
                          minPaymentAmountInCents: code.minPaymentAmountInCents,
                        },
                      }),
                  ...(request.comments === undefined ? {} : { comments: request.comments }),
                },
                ...(request.utmData === undefined ? {} : { utmData: request.utmData }),
                expiresAt: at + expiryWindowMs(paymentMethod),
              }
              return yield* journal.recordNew({ order, transfers, key })
            }),
          ),
        )
      }

      const updateBuyAmount = (request: UpdateBuyAmountRequest) =>
        idempotent(
          memberScope(request.memberId),
          "updateBuyAmount",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
            if (order.orderStatus !== "Initiated") {
              return yield* new OrderConflict({
                message: `Order ${order.orderId} is ${order.orderStatus}: only an order whose payment has not started can change`,
                orderId: order.orderId,
              })
            }
            yield* requireOrderSize(request.numberOfUnits, "BUY")
            const { unitType, isDoubleLand, pricePerUnit } = order.currencyUnit
            const paymentMethod = request.paymentMethod ?? order.paymentDetails!.paymentMethod
            const externalFee = yield* externalFeeOf(paymentMethod)
            const terms: DiscountTerms | undefined = order.buy?.discount
            const priced = priceBuyOrder({
              numberOfUnits: request.numberOfUnits,
              pricePerUnit,
              isDoubleLand,
              buyFeeCents: order.currencyUnit.buyOrderTransactionFeeInCents ?? 0,
              externalFee,
              discount: terms,
            })
            yield* checkBuyLimits({
              memberId: request.memberId,
              unitType,
              units: request.numberOfUnits,
              isDoubleLand,
              paymentAmount: priced.paymentAmount,
              own: order,
            })
            const delta = request.numberOfUnits - order.currencyUnit.numberOfUnits
            const pendingBuy = member(order.memberId, "pendingBuy")
            yield* ledger.post(
              order.orderId,
              delta > 0
                ? [{ unitType, from: ISSUANCE, to: pendingBuy, units: delta }]
                : delta < 0
                  ? [{ unitType, from: pendingBuy, to: ISSUANCE, units: -delta }]
                  : [],
            )
            const at = yield* now
            const updated: OrderRecord = {
              ...order,
              currencyUnit: { ...order.currencyUnit, numberOfUnits: request.numberOfUnits },
              paymentDetails: {
                ...order.paymentDetails!,
                paymentMethod,
                paymentMethodFees: externalFee,
                subTotal: priced.subTotal,
                transactionFee: priced.transactionFee,
                paymentAmount: priced.paymentAmount,
              },
              ...(order.buy?.discount === undefined
                ? {}
                : {
                    buy: {
                      ...order.buy,
                      discount: { ...order.buy.discount, discountValue: priced.discountValue },
                    },
                  }),
              updatedAt: iso(at),
            }
            yield* orders.update(updated)
            return updated
          }),
        )

      const startPayment = (request: StartPaymentRequest) =>
        idempotent(
          memberScope(request.memberId),
          "startPayment",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
            const { paymentMethod, paymentAmount, currency } = order.paymentDetails!
            if (paymentMethod === "None") {
              return yield* new InvalidOrderRequest({ message: "Choose a payment method before paying" })
            }
            const at = yield* now
            const inProcess = {
              ...(yield* transition(order, "InProcess", at)),
              expiresAt: at + expiryWindowMs(paymentMethod),
            }
            if (isCardMethod(paymentMethod)) {
              const belowMinimum = checkCardMinimum(paymentAmount, currency)
              if (belowMinimum !== undefined) {
                return yield* new CardPaymentBelowMinimum({
                  message: belowMinimum,
                  minimumCents: CARD_MINIMUM_CENTS[currency],
                  currency,
                })
              }
              const gateway = paymentMethod === "card-stripe" ? stripe : square
              const payment = yield* gateway.createPayment({
                orderId: order.orderId,
                amountCents: paymentAmount,
                currency,
                idempotencyKey: `${order.orderId}:payment`,
              })
              const updated: OrderRecord = { ...inProcess, buy: { ...inProcess.buy, ...payment } }
              yield* orders.update(updated)
              return {
                order: updated,
                instructions: { _tag: "CardPayment", paymentMethod, ...payment, paymentAmount, currency },
              } satisfies StartedPayment
            }
            if (paymentMethod === "bank") {
              const bankDetails = yield* bank.adminBankDetails(currency)
              const reference = bankPaymentId(order.orderId)
              const updated: OrderRecord = { ...inProcess, buy: { ...inProcess.buy, paymentId: reference } }
              yield* orders.update(updated)
              return {
                order: updated,
                instructions: { _tag: "BankPayment", bankDetails, reference, paymentAmount, currency },
              } satisfies StartedPayment
            }
            if (request.coin === undefined) {
              return yield* new InvalidOrderRequest({
                message: "Choose a coin (BITCOIN or ETHER) for a crypto payment",
              })
            }
            const address = yield* crypto.requestPayment({
              orderId: order.orderId,
              amountCents: paymentAmount,
              currency,
              coin: request.coin,
              idempotencyKey: `${order.orderId}:payment`,
            })
            const updated: OrderRecord = {
              ...inProcess,
              payment: {
                ...inProcess.payment,
                cryptoAddress: address.address,
                coin: address.coin,
                coinAmount: address.coinAmount,
              },
            }
            yield* orders.update(updated)
            return {
              order: updated,
              instructions: { _tag: "CryptoPayment", ...address, paymentAmount, currency },
            } satisfies StartedPayment
          }),
        )

      const successOrder = (request: SuccessOrderRequest) =>
        idempotent(
          memberScope(request.memberId),
          "successOrder",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
            const method = order.paymentDetails!.paymentMethod
            const at = yield* now
            let updated: OrderRecord
            if (isCardMethod(method)) {
              // The return from the provider's page moves no Units: only the provider's webhook or an admin does.
              if (order.orderStatus !== "InProcess") return order
              updated = { ...order, payment: { ...order.payment, memberReturnedAt: at }, updatedAt: iso(at) }
            } else if (method === "bank") {
              updated = yield* transition(order, "PaymentSent", at)
            } else if (method === "crypto") {
              const hash = request.transactionHash?.trim() ?? ""
              if (hash === "") {
                return yield* new InvalidOrderRequest({
                  message: "Give the transaction hash of your crypto payment",
                })
              }
              const moved = yield* transition(order, "PaymentSent_FromUserCrypto", at)
              updated = { ...moved, payment: { ...moved.payment, transactionHash: hash } }
            } else {
              return yield* new OrderConflict({
                message: "Choose a payment method and start the payment first",
                orderId: order.orderId,
              })
            }
            yield* orders.update(updated)
            return updated
          }),
        )

      const cancelBuy = (request: MemberOrderRequest) =>
        idempotent(
          memberScope(request.memberId),
          "cancelBuy",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
            const cancelled = yield* transition(order, "Cancelled", yield* now)
            const method = order.paymentDetails!.paymentMethod
            const paymentId = order.buy?.paymentId
            if (isCardMethod(method) && paymentId !== undefined) {
              yield* (method === "card-stripe" ? stripe : square).cancelPayment(paymentId)
            }
            yield* ledger.post(order.orderId, releaseDrafts(order))
            yield* orders.update(cancelled)
            return cancelled
          }),
        )

      const markFundsReceived = (request: AdminOrderRequest) =>
        idempotent(
          "admin",
          "markFundsReceived",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* orderOfType(request.orderId, "BUY")
            if (order.paymentDetails!.paymentMethod !== "bank") {
              return yield* new OrderConflict({
                message: "Only a bank order waits for the approval of its funds",
                orderId: order.orderId,
              })
            }
            const updated = yield* transition(order, "FundsWaitingApproval", yield* now)
            yield* orders.update(updated)
            return updated
          }),
        )

      const confirmPayment = (request: AdminOrderRequest) =>
        idempotent(
          "admin",
          "confirmPayment",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* orderOfType(request.orderId, "BUY")
            const at = yield* now
            const approved = yield* transition(order, "Approved", at)
            const { unitType, numberOfUnits, isDoubleLand, pricePerUnit } = order.currencyUnit
            const buyer = order.memberId
            const drafts: Array<TransferDraft> = []
            if (order.orderStatus === "Expired") {
              // A late payment: the reservation was released, so the Units are checked and reserved again.
              yield* checkBuyLimits({
                memberId: buyer,
                unitType,
                units: numberOfUnits,
                isDoubleLand,
                paymentAmount: 0,
              })
              drafts.push({ unitType, from: ISSUANCE, to: member(buyer, "pendingBuy"), units: numberOfUnits })
            }
            // LU2X Units come from issuance only; other buys take the oldest queued sells first.
            const queue = isDoubleLand
              ? []
              : (yield* orders.find({ orderType: "SELL", unitType, statuses: QUEUED_SELL_STATUSES })).map(
                  (o) => ({
                    orderId: o.orderId,
                    memberId: o.memberId,
                    sequence: o.sequence,
                    remaining: remainingInQueue(o.sell!),
                  }),
                )
            const fill = fillFromQueue(queue, numberOfUnits)
            const target = member(buyer, isDoubleLand ? "owned_DOUBLE_LAND" : "owned")
            const fromQueue = numberOfUnits - fill.fromIssuance
            if (fromQueue > 0)
              drafts.push({ unitType, from: member(buyer, "pendingBuy"), to: ISSUANCE, units: fromQueue })
            for (const slice of fill.slices) {
              drafts.push({
                unitType,
                from: member(slice.sell.memberId, "pendingSell"),
                to: target,
                units: slice.units,
              })
            }
            if (fill.fromIssuance > 0) {
              drafts.push({
                unitType,
                from: member(buyer, "pendingBuy"),
                to: target,
                units: fill.fromIssuance,
              })
            }
            const payouts: Array<Payout> = []
            const sells: Array<OrderRecord> = []
            for (const slice of fill.slices) {
              const sell = yield* orders.get(slice.sell.orderId)
              const progress = { ...sell.sell!, soldUnits: sell.sell!.soldUnits + slice.units }
              const status = remainingInQueue(progress) === 0 ? "AllUnitSold" : "PartialComplete"
              const moved = status === sell.orderStatus ? sell : yield* transition(sell, status, at)
              sells.push({ ...moved, sell: progress, updatedAt: iso(at) })
              payouts.push({
                payoutId: PayoutId.make(yield* ids.next("pay")),
                memberId: sell.memberId,
                sellOrderId: sell.orderId,
                buyOrderId: order.orderId,
                unitType,
                units: slice.units,
                pricePerUnit,
                amountCents: sellPayoutCents(slice.units, pricePerUnit),
                currency: CurrencyOfUnitType[unitType],
                status: "Initiated",
                statusHistory: [{ status: "Initiated", at }],
                createdAt: at,
              })
            }
            // Filled wholly from issuance: nothing is owed to anyone, so the buy is Completed at once.
            const final = payouts.length === 0 ? yield* transition(approved, "Completed", at) : approved
            const { expiresAt: _, ...settled } = final
            yield* ledger.post(order.orderId, drafts)
            yield* payoutRepo.insert(payouts)
            for (const sell of sells) yield* orders.update(sell)
            yield* orders.update(settled)
            return { order: settled, payouts } satisfies ConfirmedPayment
          }),
        )

      const failPayment = (request: FailPaymentRequest) =>
        idempotent(
          "admin",
          "failPayment",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* orderOfType(request.orderId, "BUY")
            const failed = yield* transition(order, "Failed", yield* now)
            const updated: OrderRecord = {
              ...failed,
              payment: { ...failed.payment, failureReason: request.reason },
            }
            yield* ledger.post(order.orderId, releaseDrafts(order))
            yield* orders.update(updated)
            return updated
          }),
        )

      const expireDue = (request: SystemRequest) =>
        idempotent(
          "system",
          "expireDue",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            // Due orders of any unit type: every unit type's lock, in the one order.
            yield* uow.lockUnitTypes(UnitTypes)
            const at = yield* now
            const due = (yield* orders.find({ orderType: "BUY", statuses: EXPIRING_BUY_STATUSES })).filter(
              (o) => o.expiresAt !== undefined && o.expiresAt <= at,
            )
            const expired: Array<OrderRecord> = []
            for (const order of due) {
              const moved = yield* transition(order, "Expired", at)
              yield* ledger.post(order.orderId, releaseDrafts(order))
              yield* orders.update(moved)
              expired.push(moved)
            }
            return expired
          }),
        )

      // Sell

      const sourceOf = (isDoubleLand: boolean | undefined): SourceBucket =>
        isDoubleLand === true ? "owned_DOUBLE_LAND" : "owned"

      const createSell = (request: CreateSellRequest) =>
        idempotent(
          memberScope(request.memberId),
          "createSell",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            yield* requireVerified(request.memberId, "Selling Units")
            yield* requireOrderSize(request.numberOfUnits, "SELL")
            const { unitType, numberOfUnits, memberId } = request
            const price = yield* prices.unitPrice(unitType)
            const feeUnits = price.sellOrderTransactionFeeInUnits
            if (!isSellAboveFee(numberOfUnits, feeUnits)) {
              return yield* new SellNotAboveFee({
                message: `A sell must be more than its fee of ${feeUnits} Units`,
                feeUnits,
              })
            }
            const source = sourceOf(request.isDoubleLand)
            yield* uow.lockUnitTypes([unitType])
            if (source === "owned_DOUBLE_LAND") yield* checkVested(memberId, unitType, numberOfUnits)
            const at = yield* now
            const orderId = yield* newOrderId
            const queuedUnits = numberOfUnits - feeUnits
            const drafts: Array<TransferDraft> = [
              {
                unitType,
                from: member(memberId, source),
                to: member(memberId, "pendingSell"),
                units: queuedUnits,
              },
            ]
            if (feeUnits > 0)
              drafts.push({ unitType, from: member(memberId, source), to: FEES, units: feeUnits })
            yield* ledger.post(orderId, drafts)
            const initiated = baseRecord({
              orderId,
              memberId,
              orderType: "SELL",
              at,
              currencyUnit: {
                unitType,
                numberOfUnits,
                pricePerUnit: price.pricePerUnit,
                isDoubleLand: source === "owned_DOUBLE_LAND",
                sellOrderTransactionFeeInUnits: feeUnits,
              },
            })
            const inserted = yield* orders.insert({
              ...initiated,
              sell: { source, feeUnits, queuedUnits, soldUnits: 0, cancelledUnits: 0 },
            })
            const inProcess = yield* transition(inserted, "InProcess", at)
            yield* orders.update(inProcess)
            return inProcess
          }),
        )

      const cancelSellRest = (request: MemberOrderRequest) =>
        idempotent(
          memberScope(request.memberId),
          "cancelSellRest",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const order = yield* ownOrder(request.memberId, request.orderId, "SELL")
            const progress = order.sell!
            const rest = remainingInQueue(progress)
            const at = yield* now
            const sellPayouts = yield* payoutRepo.find({ sellOrderId: order.orderId })
            const target =
              progress.soldUnits === 0
                ? "Cancelled"
                : sellPayouts.every((p) => p.status === "Completed")
                  ? "Completed"
                  : "AllUnitSold"
            const moved = yield* transition(order, target, at)
            const { unitType } = order.currencyUnit
            // Taking Units back out of the queue counts against the land capacity again (spec §5 formula).
            const price = (yield* prices.unitPrice(unitType)).pricePerUnit
            const available = yield* remainingOf(unitType, price)
            if (available < rest) {
              return yield* new UnitsUnavailable({
                message:
                  `Only ${available} of your queued ${unitDisplayName(unitType)} can be taken back now: ` +
                  "the rest are promised to purchases waiting for payment",
              })
            }
            yield* ledger.post(order.orderId, [
              {
                unitType,
                from: member(order.memberId, "pendingSell"),
                to: member(order.memberId, progress.source),
                units: rest,
              },
            ])
            const updated: OrderRecord = {
              ...moved,
              sell: { ...progress, cancelledUnits: progress.cancelledUnits + rest },
            }
            yield* orders.update(updated)
            return updated
          }),
        )

      // Transfer

      const findRecipient = (email: string) =>
        Effect.flatMap(members.findByEmail(email), (found) =>
          Option.match(found, {
            onNone: () =>
              Effect.fail(
                new RecipientNotFound({ message: `No member is registered with the email ${email}` }),
              ),
            onSome: (standing: Standing) => Effect.succeed(standing),
          }),
        )

      const createTransfer = (request: CreateTransferRequest) =>
        idempotent(
          memberScope(request.memberId),
          "createTransfer",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            yield* requireVerified(request.memberId, "Transferring Units")
            yield* requireOrderSize(request.numberOfUnits, "TRANSFER")
            const { unitType, numberOfUnits, memberId } = request
            const recipient = yield* findRecipient(request.recipientEmail)
            if (recipient.memberId === memberId) {
              return yield* new InvalidOrderRequest({ message: "You cannot transfer Units to yourself" })
            }
            const source = sourceOf(request.isDoubleLand)
            const price = yield* prices.unitPrice(unitType)
            yield* uow.lockUnitTypes([unitType])
            if (source === "owned_DOUBLE_LAND") yield* checkVested(memberId, unitType, numberOfUnits)
            const at = yield* now
            const orderId = yield* newOrderId
            yield* ledger.post(orderId, [
              {
                unitType,
                from: member(memberId, source),
                to: member(recipient.memberId, "owned"),
                units: numberOfUnits,
              },
            ])
            const inserted = yield* orders.insert({
              ...baseRecord({
                orderId,
                memberId,
                orderType: "TRANSFER",
                at,
                currencyUnit: {
                  unitType,
                  numberOfUnits,
                  pricePerUnit: price.pricePerUnit,
                  isDoubleLand: source === "owned_DOUBLE_LAND",
                },
              }),
              transfer: { recipientEmail: recipient.email },
              recipientMemberId: recipient.memberId,
            })
            const completed = yield* transition(inserted, "Completed", at)
            yield* orders.update(completed)
            return completed
          }),
        )

      // Convert

      const createConvert = (request: CreateConvertRequest) =>
        idempotent(
          memberScope(request.memberId),
          "createConvert",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            yield* requireVerified(request.memberId, "Converting Units")
            yield* requireOrderSize(request.numberOfUnits, "CONVERT")
            const { fromUnitType, toUnitType, numberOfUnits, memberId } = request
            if (fromUnitType === toUnitType) {
              return yield* new InvalidOrderRequest({
                message: "Choose two different unit types to convert between",
              })
            }
            const from = yield* prices.unitPrice(fromUnitType)
            const to = yield* prices.unitPrice(toUnitType)
            const feeUnits = from.convertOrderTransactionFeeInUnits
            // Both unit types, in the one order every command takes them: A → B never deadlocks with B → A.
            yield* uow.lockUnitTypes([fromUnitType, toUnitType])
            const owned = yield* ledger.balance(memberId, fromUnitType, "owned")
            const overLimit = checkConvertLimit({
              ownedUnits: owned,
              requestedUnits: numberOfUnits,
              feeUnits,
              unitType: fromUnitType,
            })
            if (overLimit !== undefined) return yield* new ConvertLimitExceeded({ message: overLimit })
            const rate = yield* rates.rate(from.currency, to.currency)
            const prices_ = {
              fromPricePerUnit: from.pricePerUnit,
              toPricePerUnit: to.pricePerUnit,
              exchangeRate: rate.rate,
            }
            const converted = convertedUnits({ units: numberOfUnits, ...prices_ })
            if (converted === 0) {
              return yield* new ConvertTooSmall({
                message: `${numberOfUnits} ${unitDisplayName(fromUnitType)} are worth less than one ${unitDisplayName(toUnitType)} today`,
              })
            }
            const room = yield* remainingOf(toUnitType, to.pricePerUnit)
            if (converted > room) {
              const most = Math.min(maxUnitsConvertingInto(room, prices_), convertibleUnits(owned, feeUnits))
              return yield* new ConvertLimitExceeded({ message: convertLimitMessage(most, fromUnitType) })
            }
            const at = yield* now
            const orderId = yield* newOrderId
            const drafts: Array<TransferDraft> = [
              { unitType: fromUnitType, from: member(memberId, "owned"), to: ISSUANCE, units: numberOfUnits },
              {
                unitType: toUnitType,
                from: ISSUANCE,
                to: member(memberId, "convertLocked"),
                units: converted,
              },
            ]
            if (feeUnits > 0) {
              drafts.push({
                unitType: fromUnitType,
                from: member(memberId, "owned"),
                to: FEES,
                units: feeUnits,
              })
            }
            yield* ledger.post(orderId, drafts)
            const inserted = yield* orders.insert({
              ...baseRecord({
                orderId,
                memberId,
                orderType: "CONVERT",
                at,
                currencyUnit: {
                  unitType: fromUnitType,
                  numberOfUnits,
                  pricePerUnit: from.pricePerUnit,
                  isDoubleLand: false,
                  convertOrderTransactionFeeInUnits: feeUnits,
                },
              }),
              convert: {
                numberOfUnits: converted,
                unitType: toUnitType,
                pricePerUnit: to.pricePerUnit,
                exchangeRate: rate.rate,
              },
              unlockAt: at + CONVERT_LOCK_MS,
            })
            const locked = yield* transition(inserted, "Locked", at)
            yield* orders.update(locked)
            return locked
          }),
        )

      const unlockDue = (request: SystemRequest) =>
        idempotent(
          "system",
          "unlockDue",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            // Due orders of any unit type: every unit type's lock, in the one order.
            yield* uow.lockUnitTypes(UnitTypes)
            const at = yield* now
            const due = (yield* orders.find({ orderType: "CONVERT", statuses: ["Locked"] })).filter(
              (o) => o.unlockAt !== undefined && o.unlockAt <= at,
            )
            const unlocked: Array<OrderRecord> = []
            for (const order of due) {
              const completed = yield* transition(order, "Completed", at)
              const convert = order.convert!
              yield* ledger.post(order.orderId, [
                {
                  unitType: convert.unitType,
                  from: member(order.memberId, "convertLocked"),
                  to: member(order.memberId, "owned"),
                  units: convert.numberOfUnits,
                },
              ])
              yield* orders.update(completed)
              unlocked.push(completed)
            }
            return unlocked
          }),
        )

      // Payouts

      const markPayoutReady = (request: PayoutRequest) =>
        idempotent(
          "admin",
          "markPayoutReady",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const payout = yield* lockedPayout(request.payoutId)
            const ready = yield* Effect.fromResult(
              movePayout(payout, "AUDReadyToSendBetweenAccounts", yield* now),
            )
            yield* payoutRepo.update(ready)
            return ready
          }),
        )

      /** An order whose payouts are all paid completes (a buy from Approved, a sell from AllUnitSold). */
      const completeIfSettled = Effect.fnUntraced(function* (
        orderId: OrderId,
        from: OrderRecord["orderStatus"],
        payouts: ReadonlyArray<Payout>,
        at: number,
      ) {
        const order = yield* orders.get(orderId)
        if (order.orderStatus !== from || !payouts.every((p) => p.status === "Completed")) return
        yield* orders.update(yield* transition(order, "Completed", at))
      })

      const markPayoutPaid = (request: PayoutRequest) =>
        idempotent(
          "admin",
          "markPayoutPaid",
          request.idempotencyKey,
          withoutKey(request),
          Effect.gen(function* () {
            const payout = yield* lockedPayout(request.payoutId)
            const seller = yield* members.standing(payout.memberId)
            if (seller.kycStatus !== "Verified") {
              return yield* new PayoutNotPayable({
                message: "A payout is paid only to a seller whose identity (KYC) is verified",
                payoutId: payout.payoutId,
              })
            }
            const at = yield* now
            const paid = yield* Effect.fromResult(movePayout(payout, "Completed", at))
            const withPaid = (list: ReadonlyArray<Payout>) =>
              list.map((p) => (p.payoutId === paid.payoutId ? paid : p))
            const ofSell = withPaid(yield* payoutRepo.find({ sellOrderId: payout.sellOrderId }))
            const ofBuy = withPaid(yield* payoutRepo.find({ buyOrderId: payout.buyOrderId }))
            yield* payoutRepo.update(paid)
            yield* completeIfSettled(payout.sellOrderId, "AllUnitSold", ofSell, at)
            yield* completeIfSettled(payout.buyOrderId, "Approved", ofBuy, at)
            return paid
          }),
        )

      return OrderService.of({
        createBuy,
        updateBuyAmount,
        startPayment,
        successOrder,
        cancelBuy,
        markFundsReceived,
        confirmPayment,
        failPayment,
        expireDue,
        createSell,
        cancelSellRest,
        createTransfer,
        recipientName: (email) => Effect.map(findRecipient(email), (r) => r.name),
        createConvert,
        unlockDue,
        markPayoutReady,
        markPayoutPaid,
        getOrder: (memberId, orderId) =>
          Effect.flatMap(orders.get(orderId), (order) =>
            order.memberId === memberId
              ? Effect.succeed(order)
              : Effect.fail(new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })),
          ),
        transactions: (memberId, filters) =>
          Effect.map(orders.find({ involving: memberId }), (found) => transactionPage(found, filters)),
        payouts: (memberId) => payoutRepo.find({ memberId }),
      })
    }),
  )
}
