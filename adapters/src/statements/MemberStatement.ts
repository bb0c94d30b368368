/** A member's statement file (PDF or CSV) for a period: what the HTTP download and the admin CLI both produce. */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { buildStatement, type StatementPeriod } from "@landunits/core/statements/Statement.ts"
import { statementCsv } from "@landunits/core/statements/StatementCsv.ts"
import type { StatementFormat } from "@landunits/core/statements/StatementRequest.ts"
import { Clock, Effect } from "effect"
import { statementPdf } from "./StatementPdf.ts"

export interface StatementFile {
  readonly fileName: string
  readonly contentType: string
  readonly bytes: Uint8Array
}

export const memberStatement = (
  memberId: MemberId,
  period: StatementPeriod,
  format: StatementFormat = "pdf",
) =>
  Effect.gen(function* () {
    const account = yield* Effect.orDie((yield* AccountService).account(memberId))
    const page = yield* (yield* OrderService).transactions(memberId, {
      page: 1,
      pageSize: Number.MAX_SAFE_INTEGER,
    })
    const statement = buildStatement({
      memberId,
      memberName: `${account.firstName} ${account.lastName}`.trim(),
      memberEmail: account.email,
      period,
      orders: page.transactions,
      holdings: yield* Effect.orDie((yield* HoldingsService).holdings(memberId)),
      generatedAt: yield* Clock.currentTimeMillis,
    })
    const base = `landunits-statement-${period.from}-to-${period.to}`
    if (format === "csv") {
      return {
        fileName: `${base}.csv`,
        contentType: "text/csv; charset=utf-8",
        bytes: new TextEncoder().encode(statementCsv(statement)),
      } satisfies StatementFile
    }
    return {
      fileName: `${base}.pdf`,
      contentType: "application/pdf",
      bytes: yield* Effect.promise(() => statementPdf(statement)),
    } satisfies StatementFile
  })
