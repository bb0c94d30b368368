/**
 * `landunits orders list`: every member's orders with the API's transaction filters (--member, --status,
 * --type, --unit-type, --method, --from/--to days, --sort, --direction, --page, --page-size), newest first.
 */
import { TransactionFilters } from "@landunits/core/orders/OrderModel.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { transactionPage } from "@landunits/core/orders/Transactions.ts"
import { Effect, Schema } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
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
      const filters = yield* Schema.decodeUnknownEffect(TransactionFilters)(
        Object.fromEntries(
          Object.entries({
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
          }).filter(([, v]) => v !== undefined),
        ),
      ).pipe(Effect.mapError((e) => new AdminRefused({ message: `Invalid filter: ${e.message}` })))
      const member = o.member === undefined ? undefined : yield* memberNamed(o.member)
      const found = yield* (yield* OrderRepository).find(
        member === undefined ? {} : { involving: member.memberId },
      )
      return transactionPage(found, filters)
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
