/**
 * Issue 23 in the admin CLI: with the requirement on (ADMIN_SECOND_FACTOR=required, always so in production), an
 * admin without an authenticator app cannot act; the commands that move money take a code (--otp, or asked on a
 * terminal), once each; the switch refuses `off` in production and defaults to on there.
 */
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { totpCode } from "@landunits/test-support/TotpCode.ts"
import { ConfigProvider, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { adminSecondFactorRequired, requireOtp } from "../src/support/SecondFactorGate.ts"
import { PERSON_PASSWORD, useInProcessCli } from "./support/InProcessCli.ts"

const ORIGIN = { address: "ip" } as const

const ADMIN = "otp-admin@landunits.example"
const adminId = MemberId.make("mem_otp_admin")
const { cli, run } = useInProcessCli(
  [{ memberId: adminId, email: ADMIN, firstName: "Otto", lastName: "Admin", role: "admin" }],
  // The site content only (as production seeds): these commands need no demo history, and the file stays fast.
  // The requirement on, given to the app's layer (not process.env: see useInProcessCli).
  { seed: "siteContent", config: { ADMIN_SECOND_FACTOR: "required" } },
)
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

let secret = ""

describe("the admin CLI's second factor", () => {
  it("refuses an admin without an authenticator app, whatever the command", async () => {
    const refused = await asAdmin("orders", "list")
    expect(refused.code).toBe(ExitCode.refused)
    expect(refused.err).toContain(`${ADMIN} has no second factor`)
  })

  it("lets the admin act once the app is set up; a money command needs --otp, once per code", async () => {
    secret = await run(
      Effect.gen(function* () {
        const factors = yield* SecondFactorService
        const on = { memberId: adminId, sessionId: "cli-test" }
        const setup = yield* factors.beginTotp({ ...on, account: ADMIN, currentPassword: PERSON_PASSWORD })
        yield* factors.confirmTotp({ origin: ORIGIN, ...on, code: totpCode(setup.secret) })
        return setup.secret
      }),
    )
    expect((await asAdmin("orders", "list")).code).toBe(0)

    const without = await asAdmin("--yes", "discount-codes", "create", "OTP10", "--percent", "10")
    expect(without.code).toBe(ExitCode.refused)
    expect(without.err).toContain(
      "Creating a discount code needs a code from your authenticator app: re-run with --otp <code>.",
    )
    const malformed = await asAdmin(
      "--yes",
      "--otp",
      "12ab",
      "discount-codes",
      "create",
      "OTP10",
      "--percent",
      "10",
    )
    expect(malformed.err).toContain("The code is 6 digits")
    const wrong = await asAdmin(
      "--yes",
      "--otp",
      "000000",
      "discount-codes",
      "create",
      "OTP10",
      "--percent",
      "10",
    )
    expect(wrong.code).toBe(ExitCode.refused)
    expect(wrong.err).toContain("not correct")

    const code = totpCode(secret, Date.now() + 30_000)
    const done = await asAdmin("--yes", "--otp", code, "discount-codes", "create", "OTP10", "--percent", "10")
    expect(done.err).toBe("")
    expect(done.code).toBe(0)
    // The same code again is refused: a code works once.
    const replay = await asAdmin(
      "--yes",
      "--otp",
      code,
      "discount-codes",
      "create",
      "OTP11",
      "--percent",
      "10",
    )
    expect(replay.code).toBe(ExitCode.refused)
    expect(replay.err).toContain("already been used")
  })

  it("asks the code on a terminal when --otp is not given", async () => {
    const asked: Array<string> = []
    const exit = await run(
      Effect.exit(
        requireOtp(adminId, "Setting a price", {
          interactive: () => true,
          ask: async (question) => {
            asked.push(question)
            return "999999"
          },
        }),
      ),
    )
    expect(asked).toEqual(["Setting a price. Code from your authenticator app: "])
    expect(Exit.isFailure(exit)).toBe(true)
  })

  it("is on by default in production, refuses `off` there, and is off by default in development", async () => {
    const under = (env: Record<string, string>) =>
      Effect.runPromise(
        Effect.exit(adminSecondFactorRequired).pipe(
          Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(env))),
        ),
      )
    expect(await under({ NODE_ENV: "production" })).toEqual(Exit.succeed(true))
    expect(await under({ NODE_ENV: "development" })).toEqual(Exit.succeed(false))
    expect(await under({ NODE_ENV: "development", ADMIN_SECOND_FACTOR: "required" })).toEqual(
      Exit.succeed(true),
    )
    const off = await under({ NODE_ENV: "production", ADMIN_SECOND_FACTOR: "off" })
    expect(Exit.isFailure(off)).toBe(true)
    expect(JSON.stringify(off)).toContain("ADMIN_SECOND_FACTOR=off is refused in production")
  })
})
