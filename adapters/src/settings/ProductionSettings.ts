/**
 * What a production start (NODE_ENV=production) cannot do without. Development makes up what it lacks (a
 * document key under DATA_DIR, demo data); production refuses to start instead, before it opens the
 * database, so a missing secret is found by the operator at the first start and never by a member later.
 *
 * REQUIRED_PRODUCTION_SECRETS is the one list: a setting that production must be given joins it, and both the
 * server and the admin CLI check it (AppLayer.ts, Server.ts). The server alone also needs its public URL
 * and its mail transport (`requireProductionServerSettings`): the admin CLI serves no request and sends no email.
 */
import { Config, Effect, Option } from "effect"
import { DOCUMENT_KEY_SECRET, parsePreviousDocumentKeys } from "../documents/DocumentKey.ts"
import { readMailTransportSetting } from "../email/MailTransportSetting.ts"
import { LEDGER_SIGNING_KEY_SECRET, parseEarlierLedgerPublicKeys } from "../security/LedgerSignerEd25519.ts"
import {
  isProduction,
  ProductionSettingMissing,
  type RequiredSecret,
  secretMissing,
} from "./ProductionSecret.ts"

/** Each described by the module that reads it (DocumentKey.ts, LedgerSignerEd25519.ts). */
export const REQUIRED_PRODUCTION_SECRETS: ReadonlyArray<RequiredSecret> = [
  DOCUMENT_KEY_SECRET,
  LEDGER_SIGNING_KEY_SECRET,
]

/** A setting production may go without, but whose value, when set, must be usable. */
export interface OptionalSetting {
  readonly name: string
  readonly check: (value: string) => Effect.Effect<void, { readonly message: string }>
}

export const OPTIONAL_PRODUCTION_SETTINGS: ReadonlyArray<OptionalSetting> = [
  {
    // Earlier document keys, while `landunits documents rekey` moves rows to DOCUMENT_KEY (docs/security.md).
    name: "DOCUMENT_KEY_PREVIOUS",
    check: (value) => Effect.asVoid(parsePreviousDocumentKeys(value)),
  },
  {
    // Earlier ledger keys' public halves, published so older checkpoints stay verifiable (docs/security.md).
    name: "LEDGER_EARLIER_PUBLIC_KEYS",
    check: (value) => Effect.asVoid(parseEarlierLedgerPublicKeys(value)),
  },
]

const checkSecret = (secret: RequiredSecret) =>
  Effect.gen(function* () {
    const value = yield* Config.option(Config.String(secret.name))
    if (Option.isNone(value) || value.value.trim() === "") return yield* secretMissing(secret)
    yield* secret
      .check(value.value)
      .pipe(
        Effect.mapError((e) => new ProductionSettingMissing({ setting: secret.name, message: e.message })),
      )
  })

const checkOptional = (setting: OptionalSetting) =>
  Effect.gen(function* () {
    const value = yield* Config.option(Config.String(setting.name))
    if (Option.isNone(value) || value.value.trim() === "") return
    yield* setting
      .check(value.value)
      .pipe(
        Effect.mapError((e) => new ProductionSettingMissing({ setting: setting.name, message: e.message })),
      )
  })

/**
 * In production, every required secret is set and usable, and every optional setting that is set is usable; in
 * development, nothing to check.
 */
export const requireProductionSettings = Effect.gen(function* () {
  if (!(yield* isProduction)) return
  for (const secret of REQUIRED_PRODUCTION_SECRETS) yield* checkSecret(secret)
  for (const setting of OPTIONAL_PRODUCTION_SETTINGS) yield* checkOptional(setting)
})

/** The public URL production serves at, for the refusal's example. */
const APP_URL_EXAMPLE = "https://landunits.example"

/** APP_URL, when it is an absolute http(s) URL without credentials; else what is wrong with it. */
export const appUrlProblem = (value: string): string | undefined => {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return `APP_URL must be the site's public URL, as ${APP_URL_EXAMPLE}; "${value}" is not a URL.`
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `APP_URL must be the site's public URL, as ${APP_URL_EXAMPLE}: an http or https URL, not ${url.protocol}.`
  if (url.username !== "" || url.password !== "")
    return "APP_URL must be the site's public URL, without a user name or password in it."
  return undefined
}

/**
 * In production, the server's public URL (APP_URL) is set and usable: passkeys belong to its host name and
 * robots.txt, sitemap.xml and the emails' links name it, so no request's Host header chooses them. Development
 * goes without it (the request's own host on localhost). And its mail goes somewhere chosen: SMTP_URL, or
 * MAIL_TRANSPORT=file (MailTransportSetting.ts).
 */
export const requireProductionServerSettings = Effect.gen(function* () {
  if (!(yield* isProduction)) return
  const value = yield* Config.option(Config.String("APP_URL"))
  if (Option.isNone(value) || value.value.trim() === "") {
    return yield* new ProductionSettingMissing({
      setting: "APP_URL",
      message:
        `APP_URL is not set. Production needs the site's public URL (as ${APP_URL_EXAMPLE}): passkeys belong to ` +
        "its host name, and emails, robots.txt and sitemap.xml link to it, so a request's Host header never " +
        "chooses them. Set APP_URL.",
    })
  }
  const problem = appUrlProblem(value.value)
  if (problem !== undefined)
    return yield* new ProductionSettingMissing({ setting: "APP_URL", message: problem })
  // Mail: SMTP_URL, or files chosen with MAIL_TRANSPORT=file (docs/decisions.md, "Production mail").
  yield* readMailTransportSetting(true).pipe(
    Effect.catchTag("MailTransportSettingInvalid", (e) =>
      Effect.fail(new ProductionSettingMissing({ setting: e.setting, message: e.message })),
    ),
  )
})
