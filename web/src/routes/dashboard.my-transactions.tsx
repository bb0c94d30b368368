/**
 * /dashboard/my-transactions (spec §2, §3): the member's orders with every filter of spec §3 in the URL's
 * search params (so a filtered view can be bookmarked, shared and gone back to), paged with totals, sorted
 * by a column's header, statuses in the spec's badge colours, dates and numbers in the spec's formats. The
 * member's payouts (issue 38): their totals per currency above the table, and on each order paid out for (a
 * sale) its payouts in the Amount column, paid and owed.
 */
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import {
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
} from "@landunits/core/format/Labels.ts"
import { payoutTotals, payoutTotalsText } from "@landunits/core/format/PayoutWords.ts"
import type { MemberPayout } from "@landunits/core/orders/MemberPayouts.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import {
  OrderStatuses,
  OrderTypes,
  PaymentMethods,
  UnitTypes,
  unitDisplayName,
} from "@landunits/core/shared/EnumValues.ts"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useId } from "react"
import { settle } from "../api/endpoints.ts"
import { homeApi } from "../api/home.ts"
import { ordersApi } from "../api/orders.ts"
import {
  DEFAULT_SORT,
  DEFAULT_TRANSACTION_PAGE_SIZE,
  nextSort,
  onPage,
  PAGE_SIZES,
  pageRange,
  parseTransactionSearch,
  type SortColumn,
  searchFromForm,
  type TransactionSearch,
} from "../api/transactionSearch.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { ScrollRegion } from "../components/layout/ScrollRegion.tsx"
import { OrderStatusBadge } from "../components/shared/StatusBadge.tsx"
import { useMediaQuery } from "../lib/mediaQuery.ts"
import { pageHead } from "../lib/pageHead.ts"

function SortHeader({
  column,
  label,
  search,
}: {
  readonly column: SortColumn
  readonly label: string
  readonly search: TransactionSearch
}) {
  const active = (search.sortBy ?? DEFAULT_SORT.sortBy) === column
  const direction = search.sortDirection ?? DEFAULT_SORT.sortDirection
  const next = nextSort(search, column)
  return (
    <th scope="col" aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}>
      <Link
        to="/dashboard/my-transactions"
        search={onPage({ ...search, ...next }, 1)}
        className="sort-btn"
        aria-label={`${label}: sort ${next.sortDirection === "asc" ? "ascending" : "descending"}`}
      >
        {label}
        <span aria-hidden="true">{active ? (direction === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  )
}

/** A buy's payment; an order paid out for (a sale), the sum of its payouts and how much of it is paid. */
function Amount({
  order,
  payouts,
}: {
  readonly order: Order
  readonly payouts: ReadonlyArray<MemberPayout>
}) {
  if (order.paymentDetails !== undefined)
    return <>{formatMoney(order.paymentDetails.paymentAmount, order.paymentDetails.currency)}</>
  const totals = payoutTotals(payouts.filter((p) => p.orderId === order.orderId))
  if (totals.length === 0) return <>—</>
  return (
    <>
      {totals.map((t) => (
        <span key={t.currency} className="tx-payouts">
          <span className="tx-payouts__total">{formatMoney(t.owedCents + t.paidCents, t.currency)}</span>
          <span className="tx-payouts__state">{payoutTotalsText(t)}</span>
          {/* A phone's one line: what is still owed, else what was paid (the order's page has the rest). */}
          <span className="tx-payouts__short">
            {t.owedCents > 0
              ? `${formatMoney(t.owedCents, t.currency)} owed`
              : `${formatMoney(t.paidCents, t.currency)} paid`}
          </span>
        </span>
      ))}
    </>
  )
}

/** The member's payouts in sums: "Your payouts: £1,049.04 paid, £530.42 owed" (sales, and converts' remainders). */
function PayoutsSummary({ payouts }: { readonly payouts: ReadonlyArray<MemberPayout> | undefined }) {
  if (payouts === undefined || payouts.length === 0) return null
  const totals = payoutTotals(payouts)
  const owed = totals.filter((t) => t.owedCents > 0).map((t) => formatMoney(t.owedCents, t.currency))
  return (
    <p className="payouts-summary" data-testid="payouts-summary">
      <span className="payouts-summary__full">
        <strong>Your payouts:</strong> {totals.map(payoutTotalsText).join("; ")}. Each order's page lists its
        payouts with their dates.
      </span>
      {/* A phone's one line, so the orders start on the first screen. */}
      <span className="payouts-summary__short">
        {owed.length === 0 ? (
          "Your payouts are all paid."
        ) : (
          <>
            <strong>Owed to you:</strong> {owed.join(", ")}
          </>
        )}
      </span>
    </p>
  )
}

function Filters({ search }: { readonly search: TransactionSearch }) {
  const navigate = useNavigate({ from: "/dashboard/my-transactions" })
  const id = useId()
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void navigate({ search: searchFromForm(new FormData(e.currentTarget), search) })
  }
  // key: a new URL (back button, a sort link, Clear) shows its own values in the form.
  return (
    <form
      key={JSON.stringify(search)}
      className="filters card"
      aria-label="Filter transactions"
      onSubmit={onSubmit}
    >
      <div className="field">
        <label htmlFor={`${id}-from`}>From date</label>
        <input id={`${id}-from`} type="date" name="fromDate" defaultValue={search.fromDate ?? ""} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To date</label>
        <input id={`${id}-to`} type="date" name="toDate" defaultValue={search.toDate ?? ""} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} name="orderStatus" defaultValue={search.orderStatus ?? ""}>
          <option value="">All statuses</option>
          {OrderStatuses.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Order type</label>
        <select id={`${id}-type`} name="orderType" defaultValue={search.orderType ?? ""}>
          <option value="">All order types</option>
          {OrderTypes.map((t) => (
            <option key={t} value={t}>
              {ORDER_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-method`}>Payment method</label>
        <select id={`${id}-method`} name="paymentMethod" defaultValue={search.paymentMethod ?? ""}>
          <option value="">All payment methods</option>
          {PaymentMethods.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-unit`}>Unit type</label>
        <select id={`${id}-unit`} name="unitType" defaultValue={search.unitType ?? "LAND_ALL"}>
          <option value="LAND_ALL">All unit types</option>
          {UnitTypes.map((u) => (
            <option key={u} value={u}>
              {unitDisplayName(u)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-size`}>Rows per page</label>
        <select
          id={`${id}-size`}
          name="pageSize"
          defaultValue={String(search.pageSize ?? DEFAULT_TRANSACTION_PAGE_SIZE)}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="filters__actions">
        <button type="submit" className="btn btn--primary btn--small">
          Apply filters
        </button>
        <Link to="/dashboard/my-transactions" search={{}} className="btn btn--ghost btn--small">
          Clear
        </Link>
      </div>
    </form>
  )
}

/** Whether the URL narrows the orders (a sort or a page alone does not). */
const isFiltered = (search: TransactionSearch) =>
  Object.keys(search).some((k) => !["page", "sortBy", "sortDirection"].includes(k))

function MyTransactions() {
  const search = Route.useSearch()
  const wide = useMediaQuery("(min-width: 641px)")
  const { transactions: answer, payouts: payoutsAnswer } = Route.useLoaderData()
  // The payouts may fail without failing the history: the amounts of sales then show "—".
  const payouts = payoutsAnswer.ok ? payoutsAnswer.value.payouts : undefined
  const { first, last, pages } = pageRange(answer.page, answer.pageSize, answer.total)
  return (
    <>
      <PageHead
        eyebrow="Dashboard"
        title="Transaction History"
        lead="Every order you made or received, with its status."
      />
      <div className="container section">
        {/* On a phone the orders come first: the filters fold behind one control (open while any is set). */}
        <details className="filters-fold" open={wide || isFiltered(search)}>
          <summary>Filters</summary>
          <Filters search={search} />
        </details>
        <PayoutsSummary payouts={payouts} />
        <p role="status" className="muted">
          {answer.total === 0
            ? "No transactions match these filters."
            : `Showing ${formatNumber0(first)}–${formatNumber0(last)} of ${formatNumber0(answer.total)} transactions`}
        </p>
        {answer.total === 0 ? null : (
          <ScrollRegion label="Your transactions">
            <table className="data-table transactions">
              <caption className="visually-hidden">Your transactions</caption>
              <thead>
                <tr>
                  <SortHeader column="createdAt" label="Date and order" search={search} />
                  <SortHeader column="orderType" label="Type" search={search} />
                  <th scope="col">Unit</th>
                  <th scope="col">Units</th>
                  <th scope="col">Payment method</th>
                  <SortHeader column="paymentAmount" label="Amount" search={search} />
                  <SortHeader column="orderStatus" label="Status" search={search} />
                  <SortHeader column="updatedAt" label="Last update" search={search} />
                </tr>
              </thead>
              <tbody>
                {answer.transactions.map((o) => (
                  // data-label: the column's name. On a phone each row is three lines (home.css): what and
                  // its status; the amount and when; the order's reference, which opens its page.
                  <tr key={o.orderId}>
                    <td data-label="Date and order" className="tx-when">
                      <span className="tx-date">{formatDateTimeZoned(o.createdAt)}</span>
                      <Link
                        to="/dashboard/transaction/$orderId"
                        params={{ orderId: o.orderId }}
                        className="mono order-link"
                      >
                        {o.orderId}
                      </Link>
                    </td>
                    <td data-label="Type" className="tx-type">
                      {ORDER_TYPE_LABELS[o.orderType]}
                    </td>
                    <td data-label="Unit" className="tx-unit">
                      {unitDisplayName(o.currencyUnit.unitType)}
                    </td>
                    <td data-label="Units" className="tx-units">
                      {formatNumber0(o.currencyUnit.numberOfUnits)}
                    </td>
                    <td data-label="Payment method" className="tx-method">
                      {o.paymentDetails === undefined
                        ? "—"
                        : PAYMENT_METHOD_LABELS[o.paymentDetails.paymentMethod]}
                    </td>
                    <td
                      data-label="Amount"
                      className={
                        o.paymentDetails === undefined &&
                        !(payouts ?? []).some((p) => p.orderId === o.orderId)
                          ? "tx-amount tx-amount--none"
                          : "tx-amount"
                      }
                    >
                      <Amount order={o} payouts={payouts ?? []} />
                    </td>
                    <td data-label="Status" className="tx-status">
                      <OrderStatusBadge status={o.orderStatus} orderType={o.orderType} />
                    </td>
                    <td data-label="Last update" className="tx-updated">
                      {formatDateTimeZoned(o.updatedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {answer.total === 0 ? null : (
          <nav className="pager" aria-label="Pages">
            <span>
              Page {formatNumber0(answer.page)} of {formatNumber0(pages)}
            </span>
            <span className="pager__links">
              {answer.page > 1 ? (
                <Link
                  to="/dashboard/my-transactions"
                  search={onPage(search, answer.page - 1)}
                  className="btn btn--ghost btn--small"
                  rel="prev"
                >
                  Previous page
                </Link>
              ) : null}
              {answer.page < pages ? (
                <Link
                  to="/dashboard/my-transactions"
                  search={onPage(search, answer.page + 1)}
                  className="btn btn--ghost btn--small"
                  rel="next"
                >
                  Next page
                </Link>
              ) : null}
            </span>
          </nav>
        )}
        <p className="muted small">
          Dates are shown in UTC. Need a document? Download your{" "}
          <Link to="/dashboard/statement">transaction statement</Link>.
        </p>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/my-transactions")({
  head: () => pageHead("Transaction history"),
  validateSearch: (search: Record<string, unknown>): TransactionSearch => parseTransactionSearch(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const [transactions, payouts] = await Promise.all([
      homeApi.transactions(deps),
      settle(ordersApi.payouts()),
    ])
    return { transactions, payouts }
  },
  component: MyTransactions,
  errorComponent: LoadError,
})
