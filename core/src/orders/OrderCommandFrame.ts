/**
 * The command frame every order command runs in: the ports, one unit of work idempotent under its key, the
 * locks of the unit types an order moves, the status transitions, and the checks and records several
 * families share. The command families (BuyCommands, SellCommands, …) take it; OrderService composes them.
 */

import { Clock, Effect, Option } from "effect"
import { type Actor, memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import type { MemberUseCase } from "../access/MemberUseCases.ts"
import {
  allowedPendingRemainderCents,
  checkBuyAvailability,
  checkDoubleLandCap,
  checkPendingPurchaseLimit,
  remainingUnits,
} from "../availability/Availability.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import { ISSUANCE, member, type Transfer, type TransferDraft } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { LedgerStore, type LedgerTotals } from "../ledger/ports/LedgerStore.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import { ExchangeRates } from "../pricing/ports/ExchangeRates.ts"
import { type LandLimits, PriceBook } from "../pricing/ports/PriceBook.ts"
import type { OrderType, PaymentMethod, UnitType } from "../shared/Enums.ts"
import { type IdempotencyKey, type MemberId, OrderId, type PayoutId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { SubscriptionStore } from "../subscriptions/ports/SubscriptionStore.ts"
import { DEFAULT_SUBSCRIPTIONS } from "../subscriptions/SubscriptionsModel.ts"
import { doubleLandLockedMessage, movableDoubleLandUnits } from "./DoubleLandVesting.ts"
import { OrderEmailTopic, type OrderNotice } from "./OrderEmails.ts"
import {
  DoubleLandCapExceeded,
  DoubleLandUnitsLocked,
  IdempotencyKeyReused,
  InvalidOrderRequest,
  KycNotVerified,
  OrderConflict,
  OrderNotFound,
  PendingPurchaseLimitExceeded,
  UnitsUnavailable,
  UnknownReferenceCode,
} from "./OrderErrors.ts"
import type { NewOrderRecord, OrderRecord, PaymentMethodFees, SourceBucket } from "./OrderModel.ts"
import { isAllowedOrderSize, tooManyUnitsMessage } from "./OrderSize.ts"
import { byMember, type StatusCause, timelineEntry } from "./OrderTimeline.ts"
import { moveTo, RESERVING_BUY_STATUSES } from "./OrderTransitions.ts"
import { BankTransfers } from "./ports/BankTransfers.ts"
import { BuyJournal } from "./ports/BuyJournal.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import { DiscountCodes } from "./ports/DiscountCodes.ts"
import {
  type IdempotencyKeyTaken,
  type IdempotencyRecord,
  IdempotencyStore,
} from "./ports/IdempotencyStore.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { SquareGateway } from "./ports/SquareGateway.ts"
import { StripeGateway } from "./ports/StripeGateway.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"
import { requestHash } from "./RequestHash.ts"

/** The member use case (MemberUseCases.ts) of each order type that moves Units out. */
const MOVES_OUT_USE_CASE = {
  SELL: "sell",
  TRANSFER: "transfer",
  CONVERT: "convert",
} as const satisfies Record<"SELL" | "TRANSFER" | "CONVERT", MemberUseCase>

export const makeOrderFrame = Effect.gen(function* () {
  const uow = yield* UnitOfWork
  const idempotency = yield* IdempotencyStore
  const orders = yield* OrderRepository
  const buyJournal = yield* BuyJournal
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
  const mailer = yield* Mailer
  const subscriptions = yield* SubscriptionStore
  const guard = yield* MemberGuard

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
   * `body` saves the key itself, given the record to save; `idempotent` below saves it after the body.
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
  /**
   * What a request's hash covers: everything but its key and who sends it. The same command line run again by
   * another admin (or an event redelivered) is the same request: it answers the first result, whose timeline
   * names whoever acted first.
   */
  const withoutKey = <R extends { readonly idempotencyKey: IdempotencyKey; readonly actor?: unknown }>({
    idempotencyKey: _,
    actor: _actor,
    ...rest
  }: R) => rest
  /** A command on `request`: idempotent under `scope` and the request's key, the rest of the request hashed. */
  const command = <A, E>(
    scope: string,
    name: string,
    request: { readonly idempotencyKey: IdempotencyKey },
    body: Effect.Effect<A, E>,
  ) => idempotent(scope, name, request.idempotencyKey, withoutKey(request), body)

  const now = Clock.currentTimeMillis
  const iso = (at: number) => new Date(at).toISOString()
  /** The order moved to `to` at `at` by `cause` (one timeline entry), or InvalidTransition. */
  const transition = (order: OrderRecord, to: OrderRecord["orderStatus"], at: number, cause: StatusCause) =>
    Effect.fromResult(moveTo(order, to, at, cause))

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

  /**
   * A member's command that moves Units they hold (sell, transfer, convert): idempotent under the member's
   * scope, and refused unless the member is KYC Verified (`action` names it in the message) and the order's
   * size is allowed, before `body` runs.
   */
  const verifiedMemberCommand = <A, E>(
    name: string,
    request: {
      readonly memberId: MemberId
      readonly idempotencyKey: IdempotencyKey
      readonly numberOfUnits: number
      /** Who asks, on which session (MemberGuard); without it, the member acting with no session. */
      readonly actor?: Actor | undefined
    },
    action: string,
    orderType: "SELL" | "TRANSFER" | "CONVERT",
    body: Effect.Effect<A, E>,
  ) =>
    Effect.andThen(
      // Each moves Units out of the account: the guard of its use case, before any read of the order's own.
      guard.require(
        MOVES_OUT_USE_CASE[orderType],
        request.actor?.memberId === request.memberId ? request.actor : memberActor(request.memberId),
      ),
      command(
        memberScope(request.memberId),
        name,
        request,
        Effect.andThen(
          Effect.andThen(
            requireVerified(request.memberId, action),
            requireOrderSize(request.numberOfUnits, orderType),
          ),
          body,
        ),
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
    /**
     * A new buy's totals, read with its lock before its write (BuyJournal), and its order id: the checks that read
     * orders leave that order out, as on PostgreSQL they run once it is written (in memory it is not there yet).
     */
    readonly newBuy?: { readonly totals: LedgerTotals; readonly orderId: OrderId } | undefined
  }) {
    const { unitType, units } = input
    const price = (yield* prices.unitPrice(unitType)).pricePerUnit
    const totals = input.newBuy?.totals ?? (yield* ledgerStore.totals(unitType))
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
        totalDoubleLandUnitsBoughtValueInCents: yield* holdings.doubleLandBoughtCents(
          unitType,
          input.newBuy?.orderId,
        ),
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
      const counted = input.own?.orderId ?? input.newBuy?.orderId
      const currentPendingCents = pending
        .filter((o) => o.orderId !== counted)
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
  const checkVested = Effect.fnUntraced(function* (memberId: MemberId, unitType: UnitType, units: number) {
    const balance = yield* ledger.balance(memberId, unitType, "owned_DOUBLE_LAND")
    const isMine = (account: Transfer["to"], bucket: string) =>
      account._tag === "MemberAccount" && account.memberId === memberId && account.bucket === bucket
    const lots = (yield* ledgerStore.transfersByMember(memberId))
      .filter(
        (t) => t.unitType === unitType && isMine(t.to, "owned_DOUBLE_LAND") && isMine(t.from, "pendingBuy"),
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
    if (method === "None") return { fixedCentsFees: 0, fixedPercentageFees: 0 } satisfies PaymentMethodFees
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
    // Placed by its member: every order is created by the member it belongs to.
    timeline: [timelineEntry(undefined, "Initiated", input.at, { actor: byMember(input.memberId) })],
  })

  /**
   * Enqueues a money step's email to `memberId` (OrderEmails.ts), inside the command's unit of work: it is
   * committed with the step or not at all, and a repeated command (its key's first result) sends nothing.
   * An email a subscription choice may stop is enqueued only while the member has that choice on.
   */
  const notify = Effect.fnUntraced(function* (memberId: MemberId, notice: OrderNotice) {
    const topic = OrderEmailTopic[notice.template]
    if (topic !== undefined) {
      const stored = yield* subscriptions.get(memberId)
      const choices = Option.match(stored, { onNone: () => DEFAULT_SUBSCRIPTIONS, onSome: (s) => s.choices })
      if (!choices[topic]) return
    }
    const standing = yield* members.standing(memberId)
    yield* mailer.enqueue({
      to: standing.email,
      template: notice.template,
      data: { firstName: standing.name, ...notice.data },
    })
  })

  const sourceOf = (isDoubleLand: boolean | undefined): SourceBucket =>
    isDoubleLand === true ? "owned_DOUBLE_LAND" : "owned"

  return {
    command,
    verifiedMemberCommand,
    uow,
    idempotency,
    orders,
    buyJournal,
    payoutRepo,
    ledger,
    ledgerStore,
    holdings,
    prices,
    rates,
    members,
    discounts,
    stripe,
    square,
    bank,
    crypto,
    ids,
    keyRecord,
    replay,
    onceMoreIfKeyTaken,
    idempotentSaving,
    idempotent,
    memberScope,
    withoutKey,
    now,
    iso,
    transition,
    requireOrderSize,
    requireVerified,
    unitTypesOf,
    lockedOrder,
    ownOrder,
    orderOfType,
    lockedPayout,
    availabilityOf,
    remainingOf,
    checkBuyLimits,
    checkVested,
    externalFeeOf,
    findDiscount,
    releaseDrafts,
    newOrderId,
    baseRecord,
    sourceOf,
    notify,
  }
})

export type OrderFrame = Effect.Success<typeof makeOrderFrame>
