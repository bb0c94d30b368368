/**
 * Which transport delivers the outbox (docs/decisions.md, "Production mail"): production without SMTP_URL needs
 * MAIL_TRANSPORT=file; development writes files unasked; a contradiction is refused everywhere, naming the settings.
 */
import { ConfigProvider, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { readMailTransportSetting } from "../../src/email/MailTransportSetting.ts"

const read = (production: boolean, env: Record<string, string>) =>
  Effect.runSyncExit(
    readMailTransportSetting(production).pipe(
      Effect.provideService(
        ConfigProvider.ConfigProvider,
        ConfigProvider.fromEnv({ env: { DATA_DIR: "/srv/landunits", ...env } }),
      ),
    ),
  )

const refusal = (exit: Exit.Exit<unknown, { readonly message: string }>) =>
  Exit.isFailure(exit) ? JSON.stringify(exit.cause) : "accepted"

const SMTP_URL = "smtps://mailer:pw@mail.example.com:465"

describe("the mail transport setting", () => {
  it("SMTP_URL set: SMTP, in production and development alike", () => {
    for (const production of [true, false]) {
      expect(read(production, { SMTP_URL })).toEqual(Exit.succeed({ kind: "smtp", url: SMTP_URL }))
      expect(read(production, { SMTP_URL, MAIL_TRANSPORT: "smtp" })).toEqual(
        Exit.succeed({ kind: "smtp", url: SMTP_URL }),
      )
    }
  })

  it("production without SMTP_URL is refused, naming SMTP_URL and MAIL_TRANSPORT=file; with MAIL_TRANSPORT=file it writes files", () => {
    const refused = refusal(read(true, {}))
    expect(refused).toContain("SMTP_URL is not set")
    expect(refused).toContain("MAIL_TRANSPORT=file")
    expect(refusal(read(true, { SMTP_URL: "  " }))).toContain("SMTP_URL is not set")
    expect(read(true, { MAIL_TRANSPORT: "file" })).toEqual(
      Exit.succeed({ kind: "file", directory: "/srv/landunits/mail" }),
    )
  })

  it("development without SMTP_URL writes files under DATA_DIR/mail", () => {
    expect(read(false, {})).toEqual(Exit.succeed({ kind: "file", directory: "/srv/landunits/mail" }))
  })

  it("a contradiction or an unknown word is refused everywhere, naming the settings", () => {
    for (const production of [true, false]) {
      expect(refusal(read(production, { SMTP_URL, MAIL_TRANSPORT: "file" }))).toContain(
        "MAIL_TRANSPORT=file and SMTP_URL are both set",
      )
      expect(refusal(read(production, { MAIL_TRANSPORT: "smtp" }))).toContain(
        "MAIL_TRANSPORT=smtp needs SMTP_URL",
      )
      expect(refusal(read(production, { MAIL_TRANSPORT: "files" }))).toContain(
        'MAIL_TRANSPORT must be smtp or file, not \\"files\\"',
      )
      expect(refusal(read(production, { SMTP_URL: "not a url" }))).toContain("SMTP_URL must be a URL")
    }
  })
})
