/**
 * Which transport delivers the outbox (docs/decisions.md, "Production mail"): `SMTP_URL`'s server, or `.eml`
 * files under `DATA_DIR/mail`. `MAIL_TRANSPORT` says which when it is set (`smtp` or `file`); unset, SMTP when
 * `SMTP_URL` is set, else files. Production never falls back to files unasked: without `SMTP_URL` it needs
 * `MAIL_TRANSPORT=file`, so live confirmation and reset links never land in a folder nobody reads because a
 * setting was forgotten. A contradiction (`MAIL_TRANSPORT=file` beside `SMTP_URL`, `smtp` without it, another
 * word) is refused everywhere, naming the settings.
 */
import * as path from "node:path"
import { Config, Effect, Option, Schema } from "effect"
import { DEFAULT_DATA_DIR } from "../postgres/Database.ts"

export type MailTransportSetting =
  | { readonly kind: "smtp"; readonly url: string }
  | { readonly kind: "file"; readonly directory: string }

/** The mail settings cannot be used as they are: `message` names them and what to set. */
export class MailTransportSettingInvalid extends Schema.TaggedError<MailTransportSettingInvalid>()(
  "MailTransportSettingInvalid",
  { setting: Schema.String, message: Schema.String },
) {}

const setting = (name: string) =>
  Config.option(Config.String(name)).pipe(
    Config.map((value) =>
      Option.filter(
        Option.map(value, (v) => v.trim()),
        (v) => v !== "",
      ),
    ),
  )

/**
 * The transport the settings choose. `production`: whether an unset MAIL_TRANSPORT without SMTP_URL is refused
 * (production) or means files (development).
 */
export const readMailTransportSetting = (production: boolean) =>
  Effect.gen(function* () {
    const smtpUrl = yield* setting("SMTP_URL")
    const chosen = yield* setting("MAIL_TRANSPORT")
    const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault(DEFAULT_DATA_DIR))
    const files: MailTransportSetting = { kind: "file", directory: path.join(dataDir, "mail") }
    if (Option.isSome(chosen)) {
      const kind = chosen.value.toLowerCase()
      if (kind === "file") {
        if (Option.isSome(smtpUrl))
          return yield* new MailTransportSettingInvalid({
            setting: "MAIL_TRANSPORT",
            message:
              "MAIL_TRANSPORT=file and SMTP_URL are both set: emails go one way. Unset SMTP_URL to write them as " +
              "files under DATA_DIR/mail, or unset MAIL_TRANSPORT to send them through SMTP_URL.",
          })
        return files
      }
      if (kind !== "smtp")
        return yield* new MailTransportSettingInvalid({
          setting: "MAIL_TRANSPORT",
          message: `MAIL_TRANSPORT must be smtp or file, not "${chosen.value}".`,
        })
      if (Option.isNone(smtpUrl))
        return yield* new MailTransportSettingInvalid({
          setting: "SMTP_URL",
          message:
            "MAIL_TRANSPORT=smtp needs SMTP_URL, the mail server emails are sent through (as " +
            "smtps://user:password@mail.example.com:465).",
        })
    }
    if (Option.isSome(smtpUrl)) {
      if (!URL.canParse(smtpUrl.value))
        return yield* new MailTransportSettingInvalid({
          setting: "SMTP_URL",
          message: "SMTP_URL must be a URL, as smtps://user:password@mail.example.com:465.",
        })
      return { kind: "smtp", url: smtpUrl.value } satisfies MailTransportSetting
    }
    if (production)
      return yield* new MailTransportSettingInvalid({
        setting: "SMTP_URL",
        message:
          "SMTP_URL is not set. Production sends its emails (account confirmations, password resets, payment " +
          "instructions) through a mail server: set SMTP_URL (as smtps://user:password@mail.example.com:465). " +
          "To write them as files under DATA_DIR/mail instead (readable by the app's user only; someone must " +
          "deliver them), say so with MAIL_TRANSPORT=file.",
      })
    return files
  })
