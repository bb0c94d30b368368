import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { StoredToken, TokenPurpose } from "../AccountModel.ts"

/**
 * Port: single-use tokens, stored only as hashes. `consume` answers the token's member and deletes it in
 * one step (a second use, or two concurrent uses, find nothing); an expired token is never answered.
 * `peek` answers without consuming (to show a reset form only for a live link).
 */
export class TokenStore extends Context.Service<
  TokenStore,
  {
    readonly save: (token: StoredToken) => Effect.Effect<void>
    readonly consume: (
      tokenHash: string,
      purpose: TokenPurpose,
      now: number,
    ) => Effect.Effect<Option.Option<MemberId>>
    readonly peek: (
      tokenHash: string,
      purpose: TokenPurpose,
      now: number,
    ) => Effect.Effect<Option.Option<MemberId>>
    /** Withdraws every token of the member for the purpose (a new link replaces the old ones). */
    readonly removeAllOf: (memberId: MemberId, purpose: TokenPurpose) => Effect.Effect<void>
  }
>()("@landunits/core/accounts/ports/TokenStore") {
  static readonly layerMemory = Layer.sync(TokenStore)(() => {
    const tokens = new Map<string, StoredToken>()
    const live = (hash: string, purpose: TokenPurpose, now: number) =>
      Option.filter(Option.fromNullishOr(tokens.get(hash)), (t) => t.purpose === purpose && t.expiresAt > now)
    return {
      save: (token) =>
        Effect.sync(() => {
          tokens.set(token.tokenHash, token)
        }),
      consume: (hash, purpose, now) =>
        Effect.sync(() => {
          const found = live(hash, purpose, now)
          if (Option.isSome(found)) tokens.delete(hash)
          return Option.map(found, (t) => t.memberId)
        }),
      peek: (hash, purpose, now) =>
        Effect.sync(() => Option.map(live(hash, purpose, now), (t) => t.memberId)),
      removeAllOf: (memberId, purpose) =>
        Effect.sync(() => {
          for (const [h, t] of tokens) if (t.memberId === memberId && t.purpose === purpose) tokens.delete(h)
        }),
    }
  })
}
