/**
 * `landunits orders show <orderId>`: one order in full, with its timeline (every status change: when, from → to,
 * who, why) and payouts. `--json` answers the stored order, its timeline's actors in full.
 */
import { JOB_WORDS } from "@landunits/core/format/TimelineWords.ts"
import { showOrder } from "@landunits/core/orders/OrdersAdmin.ts"
import type { OrderActor } from "@landunits/core/orders/OrderTimeline.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { fields, instant, table } from "../../support/Output.ts"

/** Who moved the order, in full: admins see which admin (name and email), member, provider event or job. */
export const actorText = (actor: OrderActor): string => {
  switch (actor._tag) {
    case "Member":
      return `member ${actor.memberId}`
    case "Admin":
      return `admin ${actor.name} <${actor.email}>`
    case "Provider":
      return `${actor.provider} event ${actor.eventId}`
    case "Job":
      return `job (${JOB_WORDS[actor.name]})`
    case "Unknown":
      return "unknown (recorded before timelines)"
  }
}

export const ordersShow = (cli: Cli, orderId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* showOrder(orderId)
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
        "timeline:",
        ...table(
          order.timeline.map((e) => ({
            at: instant(e.at),
            move: `${e.from ?? "(created)"} → ${e.to}`,
            by: actorText(e.actor),
            reason: e.reason,
          })),
          ["at", "move", "by", "reason"],
          "none",
        )
          .split("\n")
          .map((line) => `  ${line}`),
        `payouts: ${payouts.length === 0 ? "none" : ""}`,
        ...payouts.map(
          (p) =>
            `  ${p.payoutId}  ${p.status}  ${p.kind === "convertRemainder" ? "convert remainder" : `${p.units} units`}  ${p.amountCents} cents ${p.currency}`,
        ),
      ].join("\n"),
  )
