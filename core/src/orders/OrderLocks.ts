/**
 * The locks of the order commands: an order or a payout read again once the unit types it moves are locked, so a
 * command sees it as the last command that held the lock left it. A service (one per engine, provided inside
 * OrderService.layer); the families that lock require it.
 */

import { Context, Effect, Layer } from "effect"
import type { UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId, PayoutId } from "../shared/Ids.ts"
import { OrderConflict, OrderNotFound } from "./OrderErrors.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"

export const makeOrderLocks = Effect.gen(function* () {
  const uow = yield* UnitOfWork
  const orders = yield* OrderRepository
  const payoutRepo = yield* PayoutRepository

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

  return { unitTypesOf, lockedOrder, ownOrder, orderOfType, lockedPayout }
})

/** The OrderLocks service, made by `makeOrderLocks`. */
export class OrderLocks extends Context.Service<OrderLocks, Effect.Success<typeof makeOrderLocks>>()(
  "@landunits/core/orders/OrderLocks",
) {
  static readonly layer = Layer.effect(OrderLocks)(makeOrderLocks)
}
