import { Context, Effect, Layer } from "effect"
import type { MemberId, OrderId, PayoutId } from "../../shared/Ids.ts"
import { PayoutNotFound } from "../OrderErrors.ts"
import type { Payout, PayoutStatus } from "../OrderModel.ts"

/** Which payouts to find; every given field must match. */
export interface PayoutFilter {
  readonly memberId?: MemberId
  readonly sellOrderId?: OrderId
  readonly buyOrderId?: OrderId
  readonly statuses?: ReadonlyArray<PayoutStatus>
}

const matches = (payout: Payout, filter: PayoutFilter): boolean =>
  (filter.memberId === undefined || payout.memberId === filter.memberId) &&
  (filter.sellOrderId === undefined || payout.sellOrderId === filter.sellOrderId) &&
  (filter.buyOrderId === undefined || payout.buyOrderId === filter.buyOrderId) &&
  (filter.statuses === undefined || filter.statuses.includes(payout.status))

const notFound = (payoutId: string) =>
  new PayoutNotFound({ message: `Payout ${payoutId} was not found`, payoutId })

/** Port: the payouts owed to members (a sale's proceeds, a convert's remainder). `find` returns them in the order they were inserted. */
export class PayoutRepository extends Context.Service<
  PayoutRepository,
  {
    readonly insert: (payouts: ReadonlyArray<Payout>) => Effect.Effect<void>
    readonly update: (payout: Payout) => Effect.Effect<void, PayoutNotFound>
    readonly get: (payoutId: PayoutId) => Effect.Effect<Payout, PayoutNotFound>
    readonly find: (filter: PayoutFilter) => Effect.Effect<ReadonlyArray<Payout>>
  }
>()("@landunits/core/orders/ports/PayoutRepository") {
  static readonly layerMemory = Layer.effect(PayoutRepository)(
    Effect.sync(() => {
      const payouts = new Map<string, Payout>()
      return PayoutRepository.of({
        insert: (batch) =>
          Effect.sync(() => {
            for (const payout of batch) payouts.set(payout.payoutId, payout)
          }),
        update: (payout) =>
          Effect.suspend(() => {
            if (!payouts.has(payout.payoutId)) return Effect.fail(notFound(payout.payoutId))
            payouts.set(payout.payoutId, payout)
            return Effect.void
          }),
        get: (payoutId) =>
          Effect.suspend(() => {
            const payout = payouts.get(payoutId)
            return payout === undefined ? Effect.fail(notFound(payoutId)) : Effect.succeed(payout)
          }),
        find: (filter) => Effect.sync(() => [...payouts.values()].filter((p) => matches(p, filter))),
      })
    }),
  )
}
