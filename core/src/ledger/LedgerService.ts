import { Clock, Context, Effect, Layer } from "effect"
import type { UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { TransferId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { reversal } from "./Ledger.ts"
import type { InsufficientUnits, InvalidTransfer } from "./LedgerErrors.ts"
import { type MemberBucket, member, type Transfer, type TransferDraft } from "./LedgerModel.ts"
import { LedgerStore } from "./ports/LedgerStore.ts"

/**
 * The ledger's use cases: post a batch of transfers for an order (ids and time assigned here), post the
 * reversal of earlier transfers, and read a member's balance.
 */
export class LedgerService extends Context.Service<
  LedgerService,
  {
    /** Appends the drafts as one atomic batch, all tied to `orderId`. An empty batch appends nothing. */
    readonly post: (
      orderId: OrderId,
      drafts: ReadonlyArray<TransferDraft>,
    ) => Effect.Effect<ReadonlyArray<Transfer>, InsufficientUnits | InvalidTransfer>
    /**
     * The transfers `post` would append (ids and instant assigned), without appending them: for a writer
     * that appends them together with other records in one atomic write (BuyJournal).
     */
    readonly prepare: (
      orderId: OrderId,
      drafts: ReadonlyArray<TransferDraft>,
    ) => Effect.Effect<ReadonlyArray<Transfer>>
    /** Corrects earlier transfers with new, reversing ones, tied to `orderId`. */
    readonly reverse: (
      orderId: OrderId,
      transfers: ReadonlyArray<TransferDraft>,
    ) => Effect.Effect<ReadonlyArray<Transfer>, InsufficientUnits | InvalidTransfer>
    readonly balance: (memberId: MemberId, unitType: UnitType, bucket: MemberBucket) => Effect.Effect<number>
  }
>()("@landunits/core/ledger/LedgerService") {
  static readonly layer = Layer.effect(LedgerService)(
    Effect.gen(function* () {
      const store = yield* LedgerStore
      const ids = yield* IdGenerator

      const prepare = Effect.fnUntraced(function* (orderId: OrderId, drafts: ReadonlyArray<TransferDraft>) {
        if (drafts.length === 0) return []
        const at = yield* Clock.currentTimeMillis
        const transfers: Array<Transfer> = []
        for (const draft of drafts) {
          const transferId = TransferId.make(yield* ids.next("trf"))
          transfers.push({ transferId, ...draft, orderId, at })
        }
        return transfers
      })
      const postUntraced = Effect.fnUntraced(function* (
        orderId: OrderId,
        drafts: ReadonlyArray<TransferDraft>,
      ) {
        const transfers = yield* prepare(orderId, drafts)
        if (transfers.length > 0) yield* store.append(transfers)
        return transfers
      })
      // Every order command posts: a span, without capturing a stack trace on each call (a hot path).
      const post = (orderId: OrderId, drafts: ReadonlyArray<TransferDraft>) =>
        postUntraced(orderId, drafts).pipe(
          Effect.withSpan("LedgerService.post", undefined, { captureStackTrace: false }),
        )

      return LedgerService.of({
        post,
        prepare,
        reverse: (orderId, transfers) => post(orderId, transfers.map(reversal)),
        balance: (memberId, unitType, bucket) => store.balance(unitType, member(memberId, bucket)),
      })
    }),
  )
}
