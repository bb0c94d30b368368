import { Context, Effect, Layer } from "effect"
import type { MemberId } from "../../shared/Ids.ts"

/**
 * Port: how many Units a member owns, for voting rights. Implemented over the ledger: the member's owned,
 * owned_DOUBLE_LAND and convertLocked balances of every unit type (Units bought but not yet paid, pendingBuy,
 * do not count; Units queued for sale, pendingSell, are still the member's until sold and do count).
 */
export class UnitOwnership extends Context.Service<
  UnitOwnership,
  {
    readonly unitsOwned: (memberId: MemberId) => Effect.Effect<number>
  }
>()("@landunits/core/governance/ports/UnitOwnership") {
  /** In memory, from a fixed table (members not listed own nothing). */
  static readonly layerMemory = (owned: Readonly<Record<string, number>>) =>
    Layer.succeed(UnitOwnership)({
      unitsOwned: (memberId) => Effect.succeed(owned[memberId] ?? 0),
    })
}
