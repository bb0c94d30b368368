/**
 * The accounts, second factor and passkeys of core over the in-memory stores, as one harness for their tests
 * (AccountService, SecondFactorService, PasskeyService): the test clock (it.effect's TestClock, set to the
 * harness's first instant), predictable randomness and one-time codes, an authenticator double that signs
 * nothing (PasskeyCeremonies.layerEchoForTests), and the sent mails. Built inside an `it.effect` test, in its scope.
 */

import { Context, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { MemberGuard } from "../../src/access/MemberGuard.ts"
import { AccountService, SessionLifetime } from "../../src/accounts/AccountService.ts"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { KnownDevices } from "../../src/accounts/ports/KnownDevices.ts"
import { PasswordHasher } from "../../src/accounts/ports/PasswordHasher.ts"
import { SecureRandom } from "../../src/accounts/ports/SecureRandom.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { SignedInAccounts } from "../../src/accounts/ports/SignedInAccounts.ts"
import { TokenStore } from "../../src/accounts/ports/TokenStore.ts"
import { LimitsService } from "../../src/limits/LimitsService.ts"
import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { PasskeyService } from "../../src/secondfactor/PasskeyService.ts"
import { OneTimePasswords } from "../../src/secondfactor/ports/OneTimePasswords.ts"
import { PasskeyCeremonies } from "../../src/secondfactor/ports/PasskeyCeremonies.ts"
import { PasskeyStore } from "../../src/secondfactor/ports/PasskeyStore.ts"
import { SecondFactorStore } from "../../src/secondfactor/ports/SecondFactorStore.ts"
import { SecondFactorService } from "../../src/secondfactor/SecondFactorService.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"

type Services =
  | AccountService
  | Mailer
  | AccountRepository
  | SecondFactorService
  | SessionStore
  | PasskeyService
  | MemberGuard

/** A fresh set of in-memory accounts; `sessionLifetimeMs` replaces the default session lifetime. */
export const makeAccounts = Effect.fnUntraced(function* (sessionLifetimeMs?: number) {
  yield* TestClock.setTime(Date.UTC(2026, 0, 1))
  const layer = AccountService.layer.pipe(
    Layer.provide(
      sessionLifetimeMs === undefined ? Layer.empty : Layer.succeed(SessionLifetime)(sessionLifetimeMs),
    ),
    Layer.provideMerge(PasskeyService.layer),
    Layer.provideMerge(SecondFactorService.layer),
    Layer.provideMerge(MemberGuard.layer),
    Layer.provideMerge(LimitsService.layer),
    Layer.provideMerge(
      Layer.mergeAll(
        SecondFactorStore.layerMemory,
        PasskeyStore.layerMemory,
        OneTimePasswords.layerPredictableForTests,
        PasskeyCeremonies.layerEchoForTests,
        KnownDevices.layerMemory,
        SignedInAccounts.layerFromStores.pipe(
          Layer.provideMerge(Layer.merge(AccountRepository.layerMemory, SessionStore.layerMemory)),
        ),
        TokenStore.layerMemory,
        PasswordHasher.layerInsecureForTests,
        SecureRandom.layerPredictableForTests,
        AttemptLog.layerMemory,
        Mailer.layerMemory,
        IdGenerator.layerSequential,
      ),
    ),
  )
  const context = (yield* Layer.build(layer)) as Context.Context<Services>
  /** `effect` over these accounts. */
  const run = <A, E>(effect: Effect.Effect<A, E, Services>) => Effect.provideContext(effect, context)
  const fail = <A, E>(effect: Effect.Effect<A, E, Services>) => run(Effect.flip(effect))
  /** The token in the last email sent to `to` with `template`. */
  const lastToken = (to: string, template: string) =>
    run(
      Effect.map(
        Effect.flatMap(Mailer, (m) => m.queued),
        (queued) => queued.filter((e) => e.to === to && e.template === template).at(-1)?.data.token ?? "",
      ),
    )
  return {
    run,
    fail,
    lastToken,
    service: Context.get(context, AccountService),
    factors: Context.get(context, SecondFactorService),
    guard: Context.get(context, MemberGuard),
    passkeys: Context.get(context, PasskeyService),
  }
})

export type Accounts = Effect.Success<ReturnType<typeof makeAccounts>>

/** The member most tests register. */
export const ann = {
  email: "ann@example.com",
  firstName: "Ann",
  lastName: "Lee",
  password: "secret1",
  userType: "USER" as const,
  termsVersion: "10.03.25",
}
