/** `landunits orders show <orderId>`: one order in full, with its status history and payouts. */
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { fields, instant } from "../../support/Output.ts"

export const ordersShow = (cli: Cli, orderId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
      const payoutRepo = yield* PayoutRepository
      const payouts = [
        ...(yield* payoutRepo.find({ buyOrderId: order.orderId })),
        ...(yield* payoutRepo.find({ sellOrderId: order.orderId })),
      ]
      return { order, payouts }
    }),
    ({ order, payouts }) =>
      [
        fields({
          orderId: order.orderId,
          memberId: order.memberId,
          orderType: order.orderType,
          orderStatus: order.orderStatus,
          unitType: order.currencyUnit.unitType,
          numberOfUnits: order.currencyUnit.numberOfUnits,
          isDoubleLand: order.currencyUnit.isDoubleLand,
          paymentMethod: order.paymentDetails?.paymentMethod,
          subTotalCents: order.paymentDetails?.subTotal,
          transactionFeeCents: order.paymentDetails?.transactionFee,
          paymentAmountCents: order.paymentDetails?.paymentAmount,
          createdAt: order.createdAt,
          expiresAt: order.expiresAt === undefined ? undefined : instant(order.expiresAt),
          recipientMemberId: order.recipientMemberId,
        }),
        "history:",
        ...order.statusHistory.map((h) => `  ${instant(h.at)}  ${h.status}`),
        `payouts: ${payouts.length === 0 ? "none" : ""}`,
        ...payouts.map(
          (p) => `  ${p.payoutId}  ${p.status}  ${p.units} units  ${p.amountCents} cents ${p.currency}`,
        ),
      ].join("\n"),
  )
