/**
 * GET /order/getTransactions: a member's orders (and the transfers they received) filtered, sorted and
 * paged as spec §3's transaction filters say. Pure: the caller reads the orders, this decides the page.
 */
import type { OrderRecord, TransactionFilters } from "./OrderModel.ts"

export const DEFAULT_PAGE_SIZE = 10

export interface TransactionPage {
  readonly transactions: ReadonlyArray<OrderRecord>
  readonly total: number
  readonly page: number
  readonly pageSize: number
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`)

const sortValue = (
  order: OrderRecord,
  sortBy: NonNullable<TransactionFilters["sortBy"]>,
): string | number => {
  switch (sortBy) {
    case "paymentAmount":
      return order.paymentDetails?.paymentAmount ?? 0
    case "createdAt":
    case "updatedAt":
    case "orderStatus":
    case "orderType":
      return order[sortBy]
  }
}

export const transactionPage = (
  orders: ReadonlyArray<OrderRecord>,
  filters: TransactionFilters,
): TransactionPage => {
  const page = filters.page ?? 1
  const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE
  const from = filters.fromDate === undefined ? undefined : dayStart(filters.fromDate)
  const to = filters.toDate === undefined ? undefined : dayStart(filters.toDate) + 86_400_000
  const kept = orders.filter((o) => {
    const at = Date.parse(o.createdAt)
    return (
      (from === undefined || at >= from) &&
      (to === undefined || at < to) &&
      (filters.orderStatus === undefined || o.orderStatus === filters.orderStatus) &&
      (filters.paymentMethod === undefined || o.paymentDetails?.paymentMethod === filters.paymentMethod) &&
      (filters.orderType === undefined || o.orderType === filters.orderType) &&
      (filters.unitType === undefined ||
        filters.unitType === "LAND_ALL" ||
        o.currencyUnit.unitType === filters.unitType)
    )
  })
  const sortBy = filters.sortBy ?? "createdAt"
  const direction = (filters.sortDirection ?? "desc") === "asc" ? 1 : -1
  const sorted = kept.toSorted((a, b) => {
    const x = sortValue(a, sortBy)
    const y = sortValue(b, sortBy)
    return (x < y ? -1 : x > y ? 1 : a.sequence - b.sequence) * direction
  })
  return {
    transactions: sorted.slice((page - 1) * pageSize, page * pageSize),
    total: kept.length,
    page,
    pageSize,
  }
}
