import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { AccountClosure, ClosureStanding } from "../PrivacyModel.ts"

/**
 * Port: a member's records across the platform, for closing an account and for the retention purge.
 *
 * - `standing`: the member's non-zero balances, their orders (id, type, status) and unpaid payouts.
 * - `erase`: in one transaction, records `closure` and erases or pseudonymises now everything that may go at
 *   once: the account's names and email (kept as "Former member" and an address no server accepts), the
 *   password, sessions and tokens, subscriptions, newsletter and mail, the sales chat's author name, the agent
 *   application's texts, the member's email in other members' transfer orders. Ledger transfers, orders, payouts
 *   and the KYC record and documents stay until their purge (the ledger's rows carry only the member id). Fails
 *   with nothing written when the member's standing changed since it was read (nothing written on failure).
 * - `due`: closures with a purge due at `now` not done yet; `purgeKyc` and `purgeRecords` do one and record it.
 */
export class MemberRecords extends Context.Service<
  MemberRecords,
  {
    readonly standing: (memberId: MemberId) => Effect.Effect<ClosureStanding>
    readonly erase: (closure: AccountClosure, formerEmail: string) => Effect.Effect<void>
    readonly closure: (memberId: MemberId) => Effect.Effect<Option.Option<AccountClosure>>
    readonly due: (now: number) => Effect.Effect<ReadonlyArray<AccountClosure>>
    readonly purgeKyc: (memberId: MemberId, at: number) => Effect.Effect<void>
    readonly purgeRecords: (memberId: MemberId, at: number) => Effect.Effect<void>
  }
>()("@landunits/core/privacy/ports/MemberRecords") {
  /**
   * In memory over `standings` (the tests set a member's standing) and the closures it records; `purged` tells
   * the tests which purge ran for whom.
   */
  static readonly layerMemory = (
    standings: Map<MemberId, ClosureStanding>,
    purged: Array<{
      readonly memberId: MemberId
      readonly kind: "kyc" | "records"
      readonly at: number
    }> = [],
  ) =>
    Layer.sync(MemberRecords)(() => {
      const closures = new Map<MemberId, AccountClosure>()
      return {
        standing: (memberId) =>
          Effect.sync(() => standings.get(memberId) ?? { balances: [], orders: [], unpaidPayouts: 0 }),
        erase: (closure) => Effect.sync(() => void closures.set(closure.memberId, closure)),
        closure: (memberId) => Effect.sync(() => Option.fromNullishOr(closures.get(memberId))),
        due: (now) =>
          Effect.sync(() =>
            [...closures.values()].filter(
              (c) =>
                (c.kycPurgedAt === undefined && c.kycPurgeAt <= now) ||
                (c.recordsPurgedAt === undefined && c.recordsPurgeAt <= now),
            ),
          ),
        purgeKyc: (memberId, at) =>
          Effect.sync(() => {
            const c = closures.get(memberId)
            if (c !== undefined) closures.set(memberId, { ...c, kycPurgedAt: at })
            purged.push({ memberId, kind: "kyc", at })
          }),
        purgeRecords: (memberId, at) =>
          Effect.sync(() => {
            const c = closures.get(memberId)
            if (c !== undefined) closures.set(memberId, { ...c, recordsPurgedAt: at })
            purged.push({ memberId, kind: "records", at })
          }),
      }
    })
}
