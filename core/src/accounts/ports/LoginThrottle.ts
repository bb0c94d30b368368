import { Context, Effect, Layer } from "effect"

/**
 * Port: counts attempts per key ("login:ip:1.2.3.4", "login:email:ann@…") in a sliding window. `hit`
 * records an attempt and answers how many fall in the window ending at `now`; `clear` forgets a key (a
 * successful sign-in clears the account's count).
 */
export class LoginThrottle extends Context.Service<
  LoginThrottle,
  {
    readonly hit: (key: string, now: number, windowMs: number) => Effect.Effect<number>
    readonly clear: (key: string) => Effect.Effect<void>
  }
>()("@landunits/core/accounts/ports/LoginThrottle") {
  static readonly layerMemory = Layer.sync(LoginThrottle)(() => {
    const hits = new Map<string, Array<number>>()
    return {
      hit: (key, now, windowMs) =>
        Effect.sync(() => {
          const recent = (hits.get(key) ?? []).filter((at) => at > now - windowMs)
          recent.push(now)
          hits.set(key, recent)
          return recent.length
        }),
      clear: (key) =>
        Effect.sync(() => {
          hits.delete(key)
        }),
    }
  })
}
