import { Context, Effect, Layer } from "effect"
import type { MemberId } from "../../shared/Ids.ts"

/**
 * Port: the devices (browsers) a member has signed in from, by the SHA-256 of a long-lived device cookie.
 * `signedInFrom` records the device and answers what it was: "known", "new" (the member has signed in before,
 * from other devices), or "first" (no device was known yet: the first sign-in, or the first since this record
 * began), in one step. `isKnown` only reads.
 */
export class KnownDevices extends Context.Service<
  KnownDevices,
  {
    readonly signedInFrom: (
      memberId: MemberId,
      deviceHash: string,
      now: number,
    ) => Effect.Effect<"known" | "new" | "first">
    /** Whether the member has signed in from the device (read only). */
    readonly isKnown: (memberId: MemberId, deviceHash: string) => Effect.Effect<boolean>
  }
>()("@landunits/core/accounts/ports/KnownDevices") {
  static readonly layerMemory = Layer.sync(KnownDevices)(() => {
    const devices = new Map<MemberId, Set<string>>()
    return KnownDevices.of({
      signedInFrom: (memberId, deviceHash) =>
        Effect.sync(() => {
          const mine = devices.get(memberId) ?? new Set<string>()
          devices.set(memberId, mine)
          const answer = mine.has(deviceHash) ? "known" : mine.size === 0 ? "first" : "new"
          mine.add(deviceHash)
          return answer
        }),
      isKnown: (memberId, deviceHash) => Effect.sync(() => devices.get(memberId)?.has(deviceHash) === true),
    })
  })
}
