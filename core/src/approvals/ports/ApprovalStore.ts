import { Context, Effect, Layer, Option } from "effect"
import type { CurrencyType } from "../../shared/Enums.ts"
import { type ApprovalFilter, type ApprovalRequest, matchesApprovalFilter } from "../ApprovalModel.ts"
import type { SetThresholds } from "../FourEyes.ts"

/**
 * Port: the four-eyes requests and the thresholds.
 *
 * - `insert` stores a new request; `save` replaces one (its decision).
 * - `lock` reads a request and, inside a transaction, holds it until the transaction ends, so two admins
 *   deciding the same request at once are served one after the other and the second sees the first's
 *   decision (a request runs exactly once). Outside a transaction it is a plain read.
 * - `list` answers the matching requests, newest first.
 * - `thresholds` answers the thresholds an admin set (a currency without one is absent); `setThreshold`
 *   sets one currency's.
 */
export class ApprovalStore extends Context.Service<
  ApprovalStore,
  {
    readonly insert: (request: ApprovalRequest) => Effect.Effect<void>
    readonly save: (request: ApprovalRequest) => Effect.Effect<void>
    readonly get: (requestId: string) => Effect.Effect<Option.Option<ApprovalRequest>>
    readonly lock: (requestId: string) => Effect.Effect<Option.Option<ApprovalRequest>>
    readonly list: (filter: ApprovalFilter) => Effect.Effect<ReadonlyArray<ApprovalRequest>>
    readonly thresholds: Effect.Effect<SetThresholds>
    readonly setThreshold: (currency: CurrencyType, minorUnits: number) => Effect.Effect<void>
  }
>()("@landunits/core/approvals/ports/ApprovalStore") {
  static readonly layerMemory = Layer.sync(ApprovalStore)(() => {
    const requests = new Map<string, ApprovalRequest>()
    const thresholds: Partial<Record<CurrencyType, number>> = {}
    const get = (requestId: string) => Effect.sync(() => Option.fromNullishOr(requests.get(requestId)))
    return ApprovalStore.of({
      insert: (request) =>
        Effect.sync(() => {
          if (requests.has(request.requestId)) throw new Error(`Request ${request.requestId} exists`)
          requests.set(request.requestId, request)
        }),
      save: (request) =>
        Effect.sync(() => {
          requests.set(request.requestId, request)
        }),
      get,
      lock: get,
      list: (filter) =>
        Effect.sync(() =>
          [...requests.values()]
            .filter((r) => matchesApprovalFilter(r, filter))
            .sort((a, b) => b.requestedAt - a.requestedAt || b.requestId.localeCompare(a.requestId)),
        ),
      thresholds: Effect.sync(() => ({ ...thresholds })),
      setThreshold: (currency, minorUnits) =>
        Effect.sync(() => {
          thresholds[currency] = minorUnits
        }),
    })
  })
}
