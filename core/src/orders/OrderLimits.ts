/**
 * The checks and limits of the order commands: an order's size, the member's verified identity, spec §5's
 * availability, the LU2X cap and the pending-purchase limit, and LU2X vesting. A service (one per engine,
 * provided inside OrderService.layer); the families that check require it.
 */

import { Clock, Context, Effect, Layer } from "effect"
import {
  allowedPendingRemainderCents,
  checkBuyAvailability,
  checkDoubleLandCap,
  checkPendingPurchaseLimit,
  remainingUnits,
} from "../availability/Availability.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import type { Transfer } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { LedgerStore, type LedgerTotals } from "../ledger/ports/LedgerStore.ts"
import { type LandLimits, PriceBook } from "../pricing/ports/PriceBook.ts"
import type { OrderType, UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { doubleLandLockedMessage, movableDoubleLandUnits } from "./DoubleLandVesting.ts"
import {
  DoubleLandCapExceeded,
  DoubleLandUnitsLocked,
  InvalidOrderRequest,
  KycNotVerified,
  PendingPurchaseLimitExceeded,
  UnitsUnavailable,
} from "./OrderErrors.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { isAllowedOrderSize, tooManyUnitsMessage } from "./OrderSize.ts"
import { RESERVING_BUY_STATUSES } from "./OrderTransitions.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"

export const makeOrderLimits = Effect.gen(function* () {
  const orders = yield* OrderRepository
  const ledger = yield* LedgerService
  const ledgerStore = yield* LedgerStore
  const holdings = yield* HoldingsService
  const prices = yield* PriceBook
  const members = yield* MemberStanding
  const now = Clock.currentTimeMillis

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

  return { requireOrderSize, requireVerified, availabilityOf, remainingOf, checkBuyLimits, checkVested }
})

/** The OrderLimits service, made by `makeOrderLimits`. */
export class OrderLimits extends Context.Service<OrderLimits, Effect.Success<typeof makeOrderLimits>>()(
  "@landunits/core/orders/OrderLimits",
) {
  static readonly layer = Layer.effect(OrderLimits)(makeOrderLimits)
}
