import { Context, Effect, Layer, Option } from "effect"
import type { Account, Session } from "../AccountModel.ts"
import { AccountRepository } from "./AccountRepository.ts"
import { SessionStore } from "./SessionStore.ts"

/**
 * Port: a live session together with its member's account, in one read (every signed-in request starts
 * with it). Answers only a session before its expiry (`now` given by the caller) whose account exists:
 * the same answer as SessionStore.get followed by AccountRepository.get.
 */
export class SignedInAccounts extends Context.Service<
  SignedInAccounts,
  {
    readonly find: (
      sessionId: string,
      now: number,
    ) => Effect.Effect<Option.Option<{ readonly session: Session; readonly account: Account }>>
  }
>()("@landunits/core/accounts/ports/SignedInAccounts") {
  /** Over the two stores it combines (memory or any other), one read after the other. */
  static readonly layerFromStores = Layer.effect(SignedInAccounts)(
    Effect.gen(function* () {
      const sessions = yield* SessionStore
      const accounts = yield* AccountRepository
      return SignedInAccounts.of({
        find: (sessionId, now) =>
          Effect.flatMap(sessions.get(sessionId, now), (session) =>
            Option.match(session, {
              onNone: () => Effect.succeedNone,
              onSome: (s) =>
                Effect.map(
                  accounts.get(s.memberId),
                  Option.map((account) => ({ session: s, account })),
                ),
            }),
          ),
      })
    }),
  )
}
