import { Context, Effect, Layer, Option } from "effect"
import type { Account, Session } from "../../accounts/AccountModel.ts"
import { SignedInAccounts } from "../../accounts/ports/SignedInAccounts.ts"
import type { KycRecord } from "../../kyc/KycRecord.ts"
import { KycStore } from "../../kyc/ports/KycStore.ts"
import { LedgerStore } from "../../ledger/ports/LedgerStore.ts"
import type { TransfersWithOrders } from "../../ledger/TransfersWithOrders.ts"
import { OrderRepository } from "../../orders/ports/OrderRepository.ts"

/**
 * A member's own records that their dashboard shows (GET /user): their KYC record, every transfer that moved their
 * Units (LedgerStore.transfersByMember) and every order behind those transfers, theirs or another member's (a buy
 * that took the member's Units on sale), in the order the ledger and the orders were written.
 */
export interface OwnRecords extends TransfersWithOrders {
  readonly kyc: Option.Option<KycRecord>
}

export interface SignedInMember {
  readonly session: Session
  readonly account: Account
  readonly records: OwnRecords
}

/**
 * Port: a live session with its member's account and records, in one read: the same answer as SignedInAccounts.find
 * followed by KycStore.get, LedgerStore.transfersByMember and OrderRepository.getMany of those transfers' orders.
 * Nothing of a member is answered without a live session of theirs. A transfer whose order is not stored is a
 * broken ledger, not an answer: the read dies.
 */
export class SignedInMembers extends Context.Service<
  SignedInMembers,
  { readonly find: (sessionId: string, now: number) => Effect.Effect<Option.Option<SignedInMember>> }
>()("@landunits/core/members/ports/SignedInMembers") {
  /** Over the stores it combines (memory or any other), one read after the other. */
  static readonly layerFromStores = Layer.effect(SignedInMembers)(
    Effect.gen(function* () {
      const signedIn = yield* SignedInAccounts
      const kyc = yield* KycStore
      const ledger = yield* LedgerStore
      const orders = yield* OrderRepository
      return SignedInMembers.of({
        find: (sessionId, now) =>
          Effect.gen(function* () {
            const found = yield* signedIn.find(sessionId, now)
            if (Option.isNone(found)) return Option.none()
            const { memberId } = found.value.account
            const transfers = yield* ledger.transfersByMember(memberId)
            // A transfer whose order is not stored is a broken ledger, not an answer.
            const behind = yield* Effect.orDie(orders.getMany([...new Set(transfers.map((t) => t.orderId))]))
            return Option.some({
              ...found.value,
              records: { kyc: yield* kyc.get(memberId), transfers, orders: behind },
            })
          }),
      })
    }),
  )
}
