/**
 * The admins' use cases on orders (`landunits orders …`, issue 37): list and show; a bank order's money received
 * (an operation); confirming a payment and cancelling an order for the member, which move money
 * (core/src/access/AdminOperations.ts: a second admin above the currency's threshold), as handlers for core's
 * runner (AdminOperationRunner.ts): `prepare` reads the order and says what would happen, `apply` runs
 * OrderService's command as the admin, audited with an approval's facts.
 */
import { Clock, Effect, Schema } from "effect"
import type { ActingAdmin, OperationHandler } from "../access/AdminOperationRunner.ts"
import {
  type Ask,
  adminCommandKey,
  auditAdmin,
  optionValue,
  orderActorOf,
  param,
  refuse,
} from "../access/AdminUseCase.ts"
import { memberNamed } from "../accounts/MembersAdmin.ts"
import { orderAmount } from "../approvals/FourEyes.ts"
import { UnitTypeFilter, UnitTypeFilters } from "../shared/Enums.ts"
import { OrderId } from "../shared/Ids.ts"
import { type Order, type OrderRecord, TransactionFilters } from "./OrderModel.ts"
import { type ConfirmedPayment, OrderService } from "./OrderService.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { transactionPage } from "./Transactions.ts"

/** The API's transaction filters, as typed (page and page size as numbers); refused when one is not valid. */
export interface OrderListInput {
  readonly member?: string | undefined
  readonly filters: Readonly<Record<string, unknown>>
}

/** Every member's orders (or one member's, with the transfers they received) with the API's filters. */
export const listOrders = Effect.fn("OrdersAdmin.list")(function* (input: OrderListInput) {
  // A unit type the admin names is refused with the names there are (the help lists the same, from UnitTypeFilters).
  if (input.filters.unitType !== undefined) {
    yield* optionValue(UnitTypeFilter, "--unit-type", input.filters.unitType, UnitTypeFilters.join(", "))
  }
  const filters = yield* Schema.decodeUnknownEffect(TransactionFilters)(
    Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== undefined)),
  ).pipe(Effect.catch((e) => refuse(`Invalid filter: ${e.message}`)))
  const member = input.member === undefined ? undefined : yield* memberNamed(input.member)
  const found = yield* (yield* OrderRepository).find(
    member === undefined ? {} : { involving: member.memberId },
  )
  return transactionPage(found, filters)
})

/** One order in full (its timeline within) and the payouts it created or owes. */
export const showOrder = Effect.fn("OrdersAdmin.show")(function* (orderId: string) {
  const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
  const payouts = yield* PayoutRepository
  // A convert's remainder names the convert on both sides: listed once.
  const ofBuy = yield* payouts.find({ buyOrderId: order.orderId })
  const ofSell = yield* payouts.find({ sellOrderId: order.orderId })
  return {
    order,
    payouts: [...ofBuy, ...ofSell.filter((p) => !ofBuy.some((b) => b.payoutId === p.payoutId))],
  }
})

/** A bank order's money is on the platform's account (FundsWaitingApproval). Audited `orders.fundsReceived`. */
export const markFundsReceived = Effect.fn("OrdersAdmin.markFundsReceived")(function* (
  acting: ActingAdmin,
  orderId: string,
) {
  const before = yield* (yield* OrderRepository).get(OrderId.make(orderId))
  const order = yield* (yield* OrderService).markFundsReceived({
    idempotencyKey: adminCommandKey("funds-received", orderId),
    orderId: before.orderId,
    actor: orderActorOf(acting),
  })
  yield* auditAdmin(acting, "orders.fundsReceived", `order:${orderId}`, {
    from: before.orderStatus,
    to: order.orderStatus,
  })
  return order
})

/**
 * What the expiry job does, on demand: unpaid buys past their window expire and release their Units. Audited
 * `orders.expireDue` with the orders it expired.
 */
export const expireDue = Effect.fn("OrdersAdmin.expireDue")(function* (acting: ActingAdmin, ask: Ask) {
  yield* ask("Expire every unpaid buy past its payment window")
  const now = yield* Clock.currentTimeMillis
  const expired = yield* (yield* OrderService).expireDue({
    idempotencyKey: adminCommandKey("expire-due", new Date(now).toISOString()),
    actor: orderActorOf(acting),
  })
  yield* auditAdmin(acting, "orders.expireDue", "orders", {
    expired: String(expired.length),
    orders: expired.map((o) => o.orderId).join(","),
  })
  return expired
})

/** A buy whose payment is confirmed already (a repeat answers the first confirmation). */
export const isConfirmed = (order: Order) =>
  order.orderStatus === "Approved" || order.orderStatus === "Completed"

const orderOf = (params: Readonly<Record<string, string>>) =>
  Effect.flatMap(param(params, "orderId"), (orderId) =>
    Effect.flatMap(OrderRepository, (orders) => orders.get(OrderId.make(orderId))),
  )

/** An admin's confirmation: the engine's answer, and whether the buy was confirmed already (nothing changed). */
export interface AdminConfirmation extends ConfirmedPayment {
  readonly repeat: boolean
}

/**
 * `orders.confirmPayment`: the buy is paid: its pending Units become owned (filled from the sales queue, then
 * issuance) and the sellers' payouts are created. A buy confirmed already (by this command before, another
 * admin or the card webhook) answers as it is with its payouts: nothing changes, nothing is audited, nobody's
 * approval is needed, and its line says so; an approved request for one confirmed meanwhile is refused.
 */
export const confirmPayment: OperationHandler<AdminConfirmation> = {
  prepare: (params) =>
    Effect.gen(function* () {
      const order = yield* orderOf(params)
      const summary = `Confirm the payment of ${order.orderId} (${order.paymentDetails?.paymentAmount ?? 0} cents, ${order.currencyUnit.numberOfUnits} ${order.currencyUnit.unitType})`
      return {
        params: { orderId: order.orderId },
        summary,
        amount: orderAmount(order),
        confirm: summary,
        repeat: isConfirmed(order),
      }
    }),
  recheck: (params) =>
    Effect.gen(function* () {
      const order = yield* orderOf(params)
      if (isConfirmed(order)) {
        return yield* refuse(`Order ${order.orderId} is already confirmed (${order.orderStatus})`)
      }
    }),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const order = yield* orderOf(params)
      if (isConfirmed(order)) {
        const payouts = yield* (yield* PayoutRepository).find({ buyOrderId: order.orderId })
        return { order, payouts, repeat: true }
      }
      const confirmed = yield* (yield* OrderService).confirmPayment({
        idempotencyKey: adminCommandKey("confirm-payment", order.orderId),
        orderId: order.orderId,
        actor: orderActorOf(acting),
      })
      yield* auditAdmin(
        acting,
        "orders.confirmPayment",
        `order:${order.orderId}`,
        {
          from: order.orderStatus,
          to: confirmed.order.orderStatus,
          payouts: String(confirmed.payouts.length),
        },
        facts,
      )
      return { ...confirmed, repeat: false }
    }),
  outcome: (c) =>
    c.repeat
      ? `${c.order.orderId}: already confirmed: nothing changed (${c.order.orderStatus})`
      : `${c.order.orderId}: ${c.order.orderStatus}; ${c.payouts.length} payout(s) created`,
}

const cancellable = (order: OrderRecord) =>
  order.orderType === "BUY" || order.orderType === "SELL"
    ? Effect.succeed(order.orderType)
    : refuse(`A ${order.orderType} order cannot be cancelled`)

/**
 * `orders.cancel`: an unpaid buy, or the unsold rest of a sell, cancelled on the member's behalf under the
 * member's rules; the timeline names the admin and the reason (required).
 */
export const cancelOrder: OperationHandler<OrderRecord> = {
  prepare: (params) =>
    Effect.gen(function* () {
      const reason = (params.reason ?? "").trim()
      if (reason === "") return yield* refuse("A reason is required to cancel an order")
      const order = yield* orderOf(params)
      yield* cancellable(order)
      const summary = `Cancel ${order.orderType} ${order.orderId} (${order.orderStatus}) of ${order.memberId}`
      return {
        params: { orderId: order.orderId, reason },
        summary: `${summary}: ${reason}`,
        amount: orderAmount(order),
        confirm: summary,
      }
    }),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const order = yield* orderOf(params)
      const reason = yield* param(params, "reason")
      const orderType = yield* cancellable(order)
      const service = yield* OrderService
      const request = {
        memberId: order.memberId,
        orderId: order.orderId,
        idempotencyKey: adminCommandKey("cancel", order.orderId),
        actor: orderActorOf(acting),
        reason,
      }
      const cancelled =
        orderType === "BUY" ? yield* service.cancelBuy(request) : yield* service.cancelSellRest(request)
      yield* auditAdmin(
        acting,
        "orders.cancel",
        `order:${order.orderId}`,
        { from: order.orderStatus, to: cancelled.orderStatus, reason },
        facts,
      )
      return cancelled
    }),
  outcome: (c) => `${c.orderId}: ${c.orderStatus}`,
}

/** The orders' money-or-power operations, by name. */
export const OrdersAdminOperations = {
  "orders.confirmPayment": confirmPayment,
  "orders.cancel": cancelOrder,
} as const
