/**
 * The admin CLI's second factor (issue 23, docs/operations.md "The admin's second factor"):
 * - an admin acts only once they have an authenticator app (TOTP) set up, in the web app's Settings › Security;
 * - the commands that move money or power (orders confirm-payment, orders cancel, payouts mark-paid, users
 *   make-admin, pricing set-price, discount-codes create, and approvals approve and set-threshold: an approval runs
 *   the command it approves) ask a code of that app on a terminal, or take
 *   `--otp <code>`; each code works once, and wrong codes wait longer and longer (the web's own limits).
 *
 * `ADMIN_SECOND_FACTOR` switches it: `required` or `off`. Production (NODE_ENV=production) is always `required`
 * and refuses `off`; elsewhere the default is `off`, so the demo admin and development scripts work as they
 * did, and tests that check the requirement set `required`.
 */
import { isProduction } from "@landunits/adapters/settings/ProductionSecret.ts"
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { TotpCodeForm } from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { validate } from "@landunits/core/validation/Issues.ts"
import { Config, Effect, Option } from "effect"
import { AdminRefused } from "./AdminRefused.ts"
import { askOnTerminal } from "./Confirm.ts"

export const ADMIN_SECOND_FACTOR = "ADMIN_SECOND_FACTOR"

/** Whether admins need a second factor here (see above); a wrong value or `off` in production is refused. */
export const adminSecondFactorRequired = Effect.gen(function* () {
  const production = yield* Effect.orElseSucceed(isProduction, () => false)
  const configured = yield* Effect.orElseSucceed(Config.option(Config.String(ADMIN_SECOND_FACTOR)), () =>
    Option.none<string>(),
  )
  const value = Option.getOrUndefined(configured)?.trim().toLowerCase()
  if (value === undefined || value === "") return production
  if (value === "required") return true
  if (value === "off" && !production) return false
  return yield* new AdminRefused({
    message:
      value === "off"
        ? `${ADMIN_SECOND_FACTOR}=off is refused in production: admins must have a second factor there`
        : `${ADMIN_SECOND_FACTOR} must be "required" or "off", not "${value}"`,
  })
})

/** Refuses an admin without an authenticator app while the requirement is on. */
export const requireAdminSecondFactor = (admin: { readonly memberId: MemberId; readonly email: string }) =>
  Effect.gen(function* () {
    if (!(yield* adminSecondFactorRequired)) return
    const status = yield* (yield* SecondFactorService).status(admin.memberId)
    if (!status.totp) {
      return yield* new AdminRefused({
        message: `${admin.email} has no second factor: set up an authenticator app in the web app (Settings › Security) before using the admin CLI`,
      })
    }
  })

export interface OtpOptions {
  /** `--otp <code>`. */
  readonly otp?: string | undefined
  /** Whether someone can answer; the default is whether stdin is a terminal. */
  readonly interactive?: () => boolean
  readonly ask?: (question: string) => Promise<string>
}

/** A command that moves money or power: a fresh code of the admin's authenticator app, while the requirement is on. */
export const requireOtp = (memberId: MemberId, what: string, options: OtpOptions) =>
  Effect.gen(function* () {
    if (!(yield* adminSecondFactorRequired)) return
    let code = options.otp
    if (code === undefined) {
      const interactive = options.interactive ?? (() => process.stdin.isTTY === true)
      if (!interactive()) {
        return yield* new AdminRefused({
          message: `${what} needs a code from your authenticator app: re-run with --otp <code>.`,
        })
      }
      code = yield* Effect.promise(() =>
        (options.ask ?? askOnTerminal)(`${what}. Code from your authenticator app: `),
      )
    }
    const checked = validate(TotpCodeForm, { code })
    if (!checked.ok)
      return yield* new AdminRefused({ message: checked.errors[0]?.message ?? "The code is 6 digits" })
    yield* (yield* SecondFactorService)
      // The admin's terminal: on the server, where its operator already holds the database (AnswerOrigin).
      .verifyCode({ memberId, code: checked.value.code, origin: { terminal: true } })
      .pipe(Effect.mapError((refused) => new AdminRefused({ message: refused.message })))
  })
