/** Reconciliation as a use case: the providers' payments (from their recorded webhook events) against every buy order, for admins. */
import { Context, Effect, Layer } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { OrderRepository } from "../orders/ports/OrderRepository.ts"
import { ProviderEventLog } from "../orders/ports/ProviderEventLog.ts"
import { providerPaymentsOf, reconcile } from "./Reconcile.ts"
import type { Mismatch } from "./ReconcileModel.ts"

export interface ReconcileReport {
  readonly payments: number
  readonly orders: number
  readonly mismatches: ReadonlyArray<Mismatch>
}

export class ReconcileService extends Context.Service<
  ReconcileService,
  { readonly report: (actor: Actor) => Effect.Effect<ReconcileReport, Forbidden> }
>()("@landunits/core/reconcile/ReconcileService") {
  static readonly layer = Layer.effect(ReconcileService)(
    Effect.gen(function* () {
      const events = yield* ProviderEventLog
      const orders = yield* OrderRepository
      return ReconcileService.of({
        report: Effect.fn("ReconcileService.report")(function* (actor: Actor) {
          if (!actor.isAdmin) return yield* new Forbidden({ message: "Only admins can reconcile payments" })
          const reported = providerPaymentsOf(yield* events.find({}))
          const buys = yield* orders.find({ orderType: "BUY" })
          return { payments: reported.length, orders: buys.length, mismatches: reconcile(reported, buys) }
        }),
      })
    }),
  )
}
