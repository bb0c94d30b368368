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
import { subtotalCents } from "../fees/Fees.ts"
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
import type { NewOrderRecord, OrderRecord } from "./OrderModel.ts"
import { isAllowedOrderSize, tooManyUnitsMessage } from "./OrderSize.ts"
import { RESERVING_BUY_STATUSES } from "./OrderTransitions.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"

/** What the buys of a unit type are judged by, read once for a batch (`buyTerms`). */
export interface BuyTerms {
  readonly pricePerUnit: number
  readonly land: LandLimits
}

/** A buy as the limits judge it. */
export interface BuyLimitsInput {
  readonly memberId: MemberId
  readonly unitType: UnitType
  readonly units: number
  readonly isDoubleLand: boolean
  readonly paymentAmount: number
  /** The order being changed: its Units and amount are already counted, and are added back. */
  readonly own?: OrderRecord | undefined
}

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

  /** What the buys of `unitType` are judged by (spec §5): today's price and the land's limits; a batch reads them once. */
  const buyTerms = Effect.fnUntraced(function* (unitType: UnitType) {
    return {
      pricePerUnit: (yield* prices.unitPrice(unitType)).pricePerUnit,
      land: yield* prices.landLimits(unitType),
    } satisfies BuyTerms
  })

  /**
   * spec §5 for a buy of `units`: availability, the LU2X cap, the member's pending-purchase limit, judged on
   * `totals` (the unit type's, read under its lock). `own` is the order being changed (its Units and amount are
   * already counted and are added back). `earlier` are the buys of the same batch accepted before this one and not
   * yet written (BuyBatches.ts): `totals` include their Units already, and the LU2X and pending-purchase sums, read
   * from the stored orders, add them here. Call it holding the unit type's lock.
   */
  const judgeBuy = Effect.fnUntraced(function* (
    terms: BuyTerms,
    totals: LedgerTotals,
    input: BuyLimitsInput,
    earlier: ReadonlyArray<NewOrderRecord> = [],
    /** Orders already written in this transaction (a batch written before it is judged): left out of the reads. */
    written: ReadonlySet<OrderId> = new Set(),
  ) {
    const { unitType, units } = input
    const { pricePerUnit: price, land } = terms
    const ownUnits = input.own?.currencyUnit.numberOfUnits ?? 0
    const unavailable = checkBuyAvailability({
      ...availabilityOf(totals, land, price, ownUnits),
      requestedUnits: units,
      unitType,
    })
    if (unavailable !== undefined) return yield* new UnitsUnavailable({ message: unavailable })
    if (input.isDoubleLand) {
      // Only an LU2X buy needs the value of the LU2X buys: other buys skip that lookup.
      const earlierDoubleLand = earlier
        .filter((o) => o.currencyUnit.isDoubleLand)
        .reduce(
          (sum, o) => sum + subtotalCents(o.currencyUnit.numberOfUnits, o.currencyUnit.pricePerUnit, false),
          0,
        )
      const capped = checkDoubleLandCap({
        maxDoubleLandUnitsBoughtValueInCents: land.maxDoubleLandUnitsBoughtValueInCents,
        totalDoubleLandUnitsBoughtValueInCents:
          (yield* holdings.doubleLandBoughtCents(unitType, written)) + earlierDoubleLand,
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
      const currentPendingCents = [...pending, ...earlier.filter((o) => o.memberId === input.memberId)]
        .filter((o) => o.orderId !== input.own?.orderId && !written.has(o.orderId))
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

  /** `judgeBuy` on the unit type's terms and totals read now: a buy changed alone. Call it holding the unit type's lock. */
  const checkBuyLimits = Effect.fnUntraced(function* (input: BuyLimitsInput) {
    const terms = yield* buyTerms(input.unitType)
    yield* judgeBuy(terms, yield* ledgerStore.totals(input.unitType), input)
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

  return {
    requireOrderSize,
    requireVerified,
    availabilityOf,
    remainingOf,
    buyTerms,
    judgeBuy,
    checkBuyLimits,
    checkVested,
  }
})

/** The OrderLimits service, made by `makeOrderLimits`. */
export class OrderLimits extends Context.Service<OrderLimits, Effect.Success<typeof makeOrderLimits>>()(
  "@landunits/core/orders/OrderLimits",
) {
  static readonly layer = Layer.effect(OrderLimits)(makeOrderLimits)
}
