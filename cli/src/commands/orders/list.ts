/**
 * `landunits orders list`: every member's orders with the API's transaction filters (--member, --status,
 * --type, --unit-type, --method, --from/--to days, --sort, --direction, --page, --page-size), newest first.
 */
import { listOrders } from "@landunits/core/orders/OrdersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

interface ListOptions {
  member?: string
  status?: string
  type?: string
  unitType?: string
  method?: string
  from?: string
  to?: string
  sort?: string
  direction?: string
  page?: string
  pageSize?: string
}

const numberOrUndefined = (v: string | undefined) => (v === undefined ? undefined : Number(v))

export const ordersList = (cli: Cli, o: ListOptions) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* listOrders({
        member: o.member,
        filters: {
          page: numberOrUndefined(o.page),
          pageSize: numberOrUndefined(o.pageSize),
          fromDate: o.from,
          toDate: o.to,
          orderStatus: o.status,
          paymentMethod: o.method,
          orderType: o.type,
          unitType: o.unitType,
          sortBy: o.sort,
          sortDirection: o.direction,
        },
      })
    }),
    (page) =>
      [
        table(
          page.transactions.map((t) => ({
            orderId: t.orderId,
            memberId: t.memberId,
            type: t.orderType,
            status: t.orderStatus,
            unitType: t.currencyUnit.unitType,
            units: t.currencyUnit.numberOfUnits,
            method: t.paymentDetails?.paymentMethod,
            paymentCents: t.paymentDetails?.paymentAmount,
            createdAt: t.createdAt,
          })),
          [
            "orderId",
            "memberId",
            "type",
            "status",
            "unitType",
            "units",
            "method",
            "paymentCents",
            "createdAt",
          ],
          "No order matches.",
        ),
        `page ${page.page} of ${Math.max(1, Math.ceil(page.total / page.pageSize))} (${page.total} order(s))`,
      ].join("\n"),
  )
