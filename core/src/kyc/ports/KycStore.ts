import { Context, Effect, Layer, Option } from "effect"
import type { KycStatus } from "../../shared/Enums.ts"
import type { MemberId } from "../../shared/Ids.ts"
import type { KycRecord } from "../KycRecord.ts"

/**
 * Port: each member's kycInfo and KYC status (one record per member; the status is `kycInfo.kycStatus`).
 * `save` inserts or replaces the member's record. `listByStatus` answers oldest update first (the admin queue).
 */
export class KycStore extends Context.Service<
  KycStore,
  {
    readonly get: (memberId: MemberId) => Effect.Effect<Option.Option<KycRecord>>
    readonly save: (record: KycRecord) => Effect.Effect<void>
    readonly listByStatus: (status: KycStatus) => Effect.Effect<ReadonlyArray<KycRecord>>
  }
>()("@landunits/core/kyc/ports/KycStore") {
  static readonly layerMemory = Layer.effect(KycStore)(
    Effect.sync(() => {
      const records = new Map<MemberId, KycRecord>()
      return KycStore.of({
        get: (memberId) => Effect.sync(() => Option.fromNullishOr(records.get(memberId))),
        save: (record) =>
          Effect.sync(() => {
            records.set(record.memberId, record)
          }),
        listByStatus: (status) =>
          Effect.sync(() =>
            [...records.values()]
              .filter((r) => r.kycInfo.kycStatus === status)
              .sort((a, b) => a.updatedAt - b.updatedAt),
          ),
      })
    }),
  )
}
