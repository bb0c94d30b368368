/**
 * The admins' use case on four eyes' thresholds (`landunits approvals set-threshold`, issue 37): money moves of a
 * currency above its threshold need a second admin. Its rule is `when-raised` (core/src/access/AdminOperations.ts):
 * lowering only asks for more approvals and applies at once; raising is itself a request a second admin approves,
 * or a stolen admin account could raise it and then move money alone. A handler for core's runner.
 */
import { Effect, Result } from "effect"
import type { ActingAdmin, OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { auditAdmin, optionValue, param, refuse } from "../access/AdminUseCase.ts"
import { type CurrencyType as Currency, CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import { ApprovalService } from "./ApprovalService.ts"
import { parseThreshold } from "./FourEyes.ts"

export interface Threshold {
  readonly currency: Currency
  readonly minorUnits: number
}

export const thresholdLine = (t: Threshold) =>
  `${t.currency}: a second admin approves money moves above ${t.minorUnits} minor units`

const thresholdOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const currency = yield* optionValue(
      CurrencyType,
      "currency",
      yield* param(params, "currency"),
      CurrencyTypes.join(", "),
    )
    const minorUnits = parseThreshold(yield* param(params, "minorUnits"))
    if (Result.isFailure(minorUnits)) return yield* refuse(minorUnits.failure)
    return { currency, minorUnits: minorUnits.success } satisfies Threshold
  })

/** `approvals.setThreshold`: a currency's threshold. Audited with before and after. */
export const setThreshold: OperationHandler<Threshold> = {
  prepare: (params) =>
    Effect.map(thresholdOf(params), ({ currency, minorUnits }) => ({
      params: { currency, minorUnits: String(minorUnits) },
      summary: `Set the ${currency} threshold to ${minorUnits} minor units`,
      newThreshold: { amountMinor: minorUnits, currency },
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { currency, minorUnits } = yield* thresholdOf(params)
      const approvals = yield* ApprovalService
      const before = (yield* approvals.thresholds)[currency]
      yield* approvals.setThreshold(currency, minorUnits)
      yield* auditAdmin(
        acting,
        "approvals.setThreshold",
        `threshold:${currency}`,
        { from: String(before), to: String(minorUnits) },
        facts,
      )
      return { currency, minorUnits }
    }),
  outcome: thresholdLine,
}

/**
 * Another admin (or its requester, withdrawing it) rejects a request: it never runs. A reason is required.
 * Audited `approvals.reject` with both admins and both times.
 */
export const rejectRequest = Effect.fn("ApprovalsAdmin.reject")(function* (
  acting: ActingAdmin,
  requestId: string,
  reason: string,
) {
  if (reason.trim() === "") return yield* refuse("A reason is required to reject a request")
  const rejected = yield* (yield* ApprovalService).reject(requestId, acting.admin, reason.trim())
  yield* auditAdmin(acting, "approvals.reject", `approval:${requestId}`, {
    command: rejected.command,
    summary: rejected.summary,
    requestedBy: rejected.requestedBy.email,
    requestedAt: new Date(rejected.requestedAt).toISOString(),
    rejectedBy: acting.admin.email,
    rejectedAt: new Date(rejected.decidedAt ?? 0).toISOString(),
    reason: rejected.reason ?? "",
  })
  return rejected
})

/** The approvals' money-or-power operations, by name. */
export const ApprovalsAdminOperations = { "approvals.setThreshold": setThreshold } as const
