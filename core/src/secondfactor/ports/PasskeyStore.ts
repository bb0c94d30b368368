import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { Passkey } from "../SecondFactorModel.ts"

/**
 * Port: members' passkeys (WebAuthn credentials: public keys only) and the one live WebAuthn challenge of each
 * ceremony, keyed by who asks (a session, or a half-signed-in step). `takeChallenge` answers and deletes it in
 * one step, so a challenge is answered once.
 */
export class PasskeyStore extends Context.Service<
  PasskeyStore,
  {
    readonly listOf: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Passkey>>
    readonly get: (credentialId: string) => Effect.Effect<Option.Option<Passkey>>
    readonly add: (passkey: Passkey) => Effect.Effect<void>
    readonly used: (credentialId: string, counter: number, now: number) => Effect.Effect<void>
    readonly remove: (memberId: MemberId, credentialId: string) => Effect.Effect<boolean>
    readonly saveChallenge: (owner: string, challenge: string, expiresAt: number) => Effect.Effect<void>
    readonly takeChallenge: (owner: string, now: number) => Effect.Effect<Option.Option<string>>
  }
>()("@landunits/core/secondfactor/ports/PasskeyStore") {
  static readonly layerMemory = Layer.sync(PasskeyStore)(() => {
    const passkeys = new Map<string, Passkey>()
    const challenges = new Map<string, { challenge: string; expiresAt: number }>()
    return PasskeyStore.of({
      listOf: (memberId) =>
        Effect.sync(() =>
          [...passkeys.values()]
            .filter((p) => p.memberId === memberId)
            .sort((a, b) => a.createdAt - b.createdAt),
        ),
      get: (id) => Effect.sync(() => Option.fromNullishOr(passkeys.get(id))),
      add: (passkey) =>
        Effect.sync(() => {
          passkeys.set(passkey.credentialId, passkey)
        }),
      used: (id, counter, now) =>
        Effect.sync(() => {
          const found = passkeys.get(id)
          if (found !== undefined) passkeys.set(id, { ...found, counter, lastUsedAt: now })
        }),
      remove: (memberId, id) =>
        Effect.sync(() => passkeys.get(id)?.memberId === memberId && passkeys.delete(id)),
      saveChallenge: (owner, challenge, expiresAt) =>
        Effect.sync(() => {
          challenges.set(owner, { challenge, expiresAt })
        }),
      takeChallenge: (owner, now) =>
        Effect.sync(() => {
          const found = challenges.get(owner)
          challenges.delete(owner)
          return Option.filter(Option.fromNullishOr(found), (c) => c.expiresAt > now).pipe(
            Option.map((c) => c.challenge),
          )
        }),
    })
  })
}
