import { Context, Effect, Layer } from "effect"
import type { MemberId } from "../../shared/Ids.ts"

/** One member's data as a downloadable archive. */
export interface MemberArchive {
  readonly fileName: string
  readonly bytes: Uint8Array
}

/**
 * Port: gathers everything the platform holds about one member (profile, KYC record and its documents decrypted,
 * orders, ledger entries, payouts, votes, questions, ideas, sales chat, subscriptions) into one archive, and
 * nothing of anyone else's. The adapter writes a zip of JSON and CSV files (docs/api.md, "A member's own data").
 */
export class MemberDataArchive extends Context.Service<
  MemberDataArchive,
  { readonly build: (memberId: MemberId, at: number) => Effect.Effect<MemberArchive> }
>()("@landunits/core/privacy/ports/MemberDataArchive") {
  /** In memory: a JSON file naming the member, for the service's tests. */
  static readonly layerMemory = Layer.succeed(MemberDataArchive)({
    build: (memberId, at) =>
      Effect.sync(() => ({
        fileName: `landunits-data-${memberId}.json`,
        bytes: new TextEncoder().encode(JSON.stringify({ memberId, at })),
      })),
  })
}
