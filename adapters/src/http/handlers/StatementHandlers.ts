import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { buildStatement } from "@landunits/core/statements/Statement.ts"
import { statementCsv } from "@landunits/core/statements/StatementCsv.ts"
import { Clock, Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { statementPdf } from "../../statements/StatementPdf.ts"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

export const StatementHandlers = HttpApiBuilder.group(
  Api,
  "statements",
  Effect.fn(function* (handlers) {
    const orders = yield* OrderService
    const holdings = yield* HoldingsService
    const accounts = yield* AccountService
    return handlers.handle("generate", ({ query }) =>
      Effect.gen(function* () {
        const request = query
        const { memberId } = yield* CurrentMember
        const account = yield* Effect.orDie(accounts.account(memberId))
        const page = yield* orders.transactions(memberId, { page: 1, pageSize: Number.MAX_SAFE_INTEGER })
        const statement = buildStatement({
          memberId,
          memberName: `${account.firstName} ${account.lastName}`.trim(),
          memberEmail: account.email,
          period: { from: request.fromDate, to: request.toDate },
          orders: page.transactions,
          holdings: yield* Effect.orDie(holdings.holdings(memberId)),
          generatedAt: yield* Clock.currentTimeMillis,
        })
        const name = `landunits-statement-${request.fromDate}-to-${request.toDate}`
        if (request.format === "csv") {
          return HttpServerResponse.text(statementCsv(statement), {
            contentType: "text/csv; charset=utf-8",
            headers: { "content-disposition": `attachment; filename="${name}.csv"` },
          })
        }
        const pdf = yield* Effect.promise(() => statementPdf(statement))
        return HttpServerResponse.uint8Array(pdf, {
          contentType: "application/pdf",
          headers: { "content-disposition": `attachment; filename="${name}.pdf"` },
        })
      }),
    )
  }),
)
