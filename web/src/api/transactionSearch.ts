/**
 * The transaction history's filters (spec §3: page, pageSize, fromDate, toDate, orderStatus, paymentMethod,
 * orderType, unitType, sortBy, sortDirection) as they live in the page's URL, and as they are sent to
 * GET /order/getTransactions. A value the API would refuse is dropped from the URL rather than sent, so a
 * hand-edited or stale link still opens the page (with that filter off).
 */
import type { TransactionFilters } from "@landunits/core/orders/OrderModel.ts"
import {
  type OrderStatus,
  OrderStatuses,
  OrderTypes,
  PaymentMethods,
  type SortDirection,
  UnitTypes,
} from "@landunits/core/shared/EnumValues.ts"

export type TransactionSearch = {
  -readonly [K in keyof TransactionFilters]?: TransactionFilters[K]
}

export const SORTABLE_COLUMNS = [
  "createdAt",
  "updatedAt",
  "orderStatus",
  "orderType",
  "paymentAmount",
] as const
export type SortColumn = (typeof SORTABLE_COLUMNS)[number]

export const PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_TRANSACTION_PAGE_SIZE = 10
/** The API's own defaults (core/src/orders/Transactions.ts): newest first. */
export const DEFAULT_SORT: { readonly sortBy: SortColumn; readonly sortDirection: SortDirection } = {
  sortBy: "createdAt",
  sortDirection: "desc",
}

const UNIT_TYPE_FILTERS = [...UnitTypes, "LAND_ALL"] as const

const oneOf = <T extends string>(list: ReadonlyArray<T>, value: unknown): T | undefined =>
  typeof value === "string" && (list as ReadonlyArray<string>).includes(value) ? (value as T) : undefined

const wholeNumber = (value: unknown, min: number, max: number): number | undefined => {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** A real calendar day written yyyy-mm-dd. */
export const isDay = (value: unknown): value is string => {
  if (typeof value !== "string" || !DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** The filters read from the URL's search params; anything unknown or out of range is left out. */
export const parseTransactionSearch = (raw: Record<string, unknown>): TransactionSearch => {
  const search: TransactionSearch = {}
  const page = wholeNumber(raw.page, 1, 1_000_000)
  if (page !== undefined && page > 1) search.page = page
  const pageSize = wholeNumber(raw.pageSize, 1, 100)
  if (pageSize !== undefined && pageSize !== DEFAULT_TRANSACTION_PAGE_SIZE) search.pageSize = pageSize
  if (isDay(raw.fromDate)) search.fromDate = raw.fromDate
  if (isDay(raw.toDate)) search.toDate = raw.toDate
  const orderStatus = oneOf<OrderStatus>(OrderStatuses, raw.orderStatus)
  if (orderStatus !== undefined) search.orderStatus = orderStatus
  const paymentMethod = oneOf(PaymentMethods, raw.paymentMethod)
  if (paymentMethod !== undefined) search.paymentMethod = paymentMethod
  const orderType = oneOf(OrderTypes, raw.orderType)
  if (orderType !== undefined) search.orderType = orderType
  const unitType = oneOf(UNIT_TYPE_FILTERS, raw.unitType)
  if (unitType !== undefined) search.unitType = unitType
  const sortBy = oneOf(SORTABLE_COLUMNS, raw.sortBy)
  if (sortBy !== undefined) search.sortBy = sortBy
  const sortDirection = oneOf(["asc", "desc"] as const, raw.sortDirection)
  if (sortDirection !== undefined) search.sortDirection = sortDirection
  return search
}

/** The query string for GET /order/getTransactions ("" when no filter is set). */
export const transactionQuery = (search: TransactionSearch): "" | `?${string}` => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined) params.set(key, String(value))
  }
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

/** The next sort when a column's header is pressed: the same column flips, another starts descending. */
export const nextSort = (
  search: TransactionSearch,
  column: SortColumn,
): { readonly sortBy: SortColumn; readonly sortDirection: SortDirection } => {
  const current = search.sortBy ?? DEFAULT_SORT.sortBy
  const direction = search.sortDirection ?? DEFAULT_SORT.sortDirection
  return current === column
    ? { sortBy: column, sortDirection: direction === "desc" ? "asc" : "desc" }
    : { sortBy: column, sortDirection: "desc" }
}

/** "Showing 11–20 of 42" figures for a page; zero rows show 0–0. */
export const pageRange = (page: number, pageSize: number, total: number) => {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return { first: Math.min(first, total), last, pages: Math.max(1, Math.ceil(total / pageSize)) }
}

/** The same filters on another page (page 1 is left out of the URL). */
export const onPage = (search: TransactionSearch, page: number): TransactionSearch => {
  const { page: _, ...rest } = search
  return page > 1 ? { ...rest, page } : rest
}

/** The filter form's fields, read from the form when it is sent. */
const FILTER_KEYS = [
  "fromDate",
  "toDate",
  "orderStatus",
  "paymentMethod",
  "orderType",
  "unitType",
  "pageSize",
] as const

/** The filters a submitted filter form asks for, keeping the current sort; a new filter starts at page 1. */
export const searchFromForm = (form: FormData, current: TransactionSearch): TransactionSearch => {
  const raw: Record<string, unknown> = {
    sortBy: current.sortBy,
    sortDirection: current.sortDirection,
  }
  for (const key of FILTER_KEYS) {
    const value = form.get(key)
    if (typeof value === "string" && value !== "") raw[key] = value
  }
  return parseTransactionSearch(raw)
}
