/** The order reads: one order of the member's, their orders and received transfers paged, their payouts. */
import { Effect } from "effect"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { OrderNotFound } from "./OrderErrors.ts"
import type { OrderRecord, TransactionFilters } from "./OrderModel.ts"
import type { OrderRepository } from "./ports/OrderRepository.ts"
import type { PayoutRepository } from "./ports/PayoutRepository.ts"
import { transactionPage } from "./Transactions.ts"

export const makeOrderQueries = (
  orders: OrderRepository["Service"],
  payoutRepo: PayoutRepository["Service"],
) => ({
  /** One order the member placed, or a transfer they received (its page links from their history). */
  getOrder: (memberId: MemberId, orderId: OrderId): Effect.Effect<OrderRecord, OrderNotFound> =>
    Effect.flatMap(orders.get(orderId), (order) =>
      order.memberId === memberId || order.recipientMemberId === memberId
        ? Effect.succeed(order)
        : Effect.fail(new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })),
    ),
  transactions: (memberId: MemberId, filters: TransactionFilters) =>
    Effect.map(orders.find({ involving: memberId }), (found) => transactionPage(found, filters)),
  payouts: (memberId: MemberId) => payoutRepo.find({ memberId }),
})
