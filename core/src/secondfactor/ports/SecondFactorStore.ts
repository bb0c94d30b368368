import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { TotpEnrollment } from "../SecondFactorModel.ts"

/**
 * Port: a member's authenticator (TOTP) enrollment and recovery codes. The PostgreSQL adapter keeps the TOTP
 * secret encrypted (AES-256-GCM under the document key) and recovery codes as SHA-256 only.
 * `useStep` accepts a time step only when it is later than the last one used, in one step (a code replayed,
 * or sent twice at once, is accepted once). `useRecoveryCode` marks a code used in one step, answering whether
 * it was there unused.
 */
export class SecondFactorStore extends Context.Service<
  SecondFactorStore,
  {
    readonly getTotp: (memberId: MemberId) => Effect.Effect<Option.Option<TotpEnrollment>>
    readonly saveTotp: (enrollment: TotpEnrollment) => Effect.Effect<void>
    readonly removeTotp: (memberId: MemberId) => Effect.Effect<void>
    readonly useStep: (memberId: MemberId, step: number) => Effect.Effect<boolean>
    readonly replaceRecoveryCodes: (
      memberId: MemberId,
      codeHashes: ReadonlyArray<string>,
    ) => Effect.Effect<void>
    readonly useRecoveryCode: (memberId: MemberId, codeHash: string, now: number) => Effect.Effect<boolean>
    readonly recoveryCodesLeft: (memberId: MemberId) => Effect.Effect<number>
  }
>()("@landunits/core/secondfactor/ports/SecondFactorStore") {
  static readonly layerMemory = Layer.sync(SecondFactorStore)(() => {
    const totp = new Map<MemberId, TotpEnrollment>()
    const codes = new Map<MemberId, Map<string, number | undefined>>()
    return SecondFactorStore.of({
      getTotp: (memberId) => Effect.sync(() => Option.fromNullishOr(totp.get(memberId))),
      saveTotp: (enrollment) =>
        Effect.sync(() => {
          totp.set(enrollment.memberId, enrollment)
        }),
      removeTotp: (memberId) =>
        Effect.sync(() => {
          totp.delete(memberId)
        }),
      useStep: (memberId, step) =>
        Effect.sync(() => {
          const found = totp.get(memberId)
          if (found === undefined || step <= found.lastUsedStep) return false
          totp.set(memberId, { ...found, lastUsedStep: step })
          return true
        }),
      replaceRecoveryCodes: (memberId, hashes) =>
        Effect.sync(() => {
          codes.set(memberId, new Map(hashes.map((h) => [h, undefined])))
        }),
      useRecoveryCode: (memberId, hash, now) =>
        Effect.sync(() => {
          const mine = codes.get(memberId)
          if (mine === undefined || !mine.has(hash) || mine.get(hash) !== undefined) return false
          mine.set(hash, now)
          return true
        }),
      recoveryCodesLeft: (memberId) =>
        Effect.sync(() => [...(codes.get(memberId)?.values() ?? [])].filter((u) => u === undefined).length),
    })
  })
}
