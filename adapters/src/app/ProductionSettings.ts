/**
 * What a production start (NODE_ENV=production) cannot do without. Development makes up what it lacks (a
 * document key under DATA_DIR, demo data); production refuses to start instead, before it opens the
 * database, so a missing secret is found by the operator at the first start and never by a member later.
 *
 * REQUIRED_PRODUCTION_SECRETS is the one list: a setting that production must be given joins it, and both the
 * server and the admin CLI check it (AppLayer.ts, Server.ts). The server alone also needs its public URL
 * and its mail transport (`requireProductionServerSettings`): the admin CLI serves no request and sends no email.
 */
import { Config, Effect, Option, Schema } from "effect"
import { parseDocumentKey, parsePreviousDocumentKeys } from "../documents/DocumentKey.ts"
import { readMailTransportSetting } from "../email/MailTransportSetting.ts"
import { parseEarlierLedgerPublicKeys, parseLedgerSigningKey } from "../security/LedgerSigningKey.ts"

/** NODE_ENV=production; anything else (unset, development, test) is development. */
export const isProduction = Config.String("NODE_ENV").pipe(
  Config.withDefault("development"),
  Config.map((env) => env === "production"),
)

export interface RequiredSecret {
  /** The environment variable. */
  readonly name: string
  /** What it is for, as the end of "Production needs …". */
  readonly purpose: string
  /** The command that makes a good value. */
  readonly howToMake: string
  /** Checks a value that is set; fails with what is wrong with it, in a message that names the setting. */
  readonly check: (value: string) => Effect.Effect<void, { readonly message: string }>
}

export const REQUIRED_PRODUCTION_SECRETS: ReadonlyArray<RequiredSecret> = [
  {
    name: "DOCUMENT_KEY",
    purpose: "the key that encrypts KYC documents",
    howToMake: "openssl rand -base64 32",
    check: (value) => Effect.asVoid(parseDocumentKey(value)),
  },
  {
    name: "LEDGER_SIGNING_KEY",
    purpose: "the Ed25519 key that signs the ledger's public checkpoints",
    howToMake: "openssl rand -base64 32",
    check: (value) => Effect.asVoid(parseLedgerSigningKey(value)),
  },
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

/** A production start without a setting it needs, or with a value that cannot be used. */
export class ProductionSettingMissing extends Schema.TaggedError<ProductionSettingMissing>()(
  "ProductionSettingMissing",
  { setting: Schema.String, message: Schema.String },
) {}

/** The refusal for `secret` not being set: names it, what it is for and how to make one. */
export const secretMissing = (secret: RequiredSecret) =>
  new ProductionSettingMissing({
    setting: secret.name,
    message:
      `${secret.name} is not set. Production needs ${secret.purpose}: make one with \`${secret.howToMake}\`, ` +
      `keep a copy in your secrets store, and set ${secret.name}.`,
  })

/** The secret named `name` of the list (for a layer that reads it and must not make one up in production). */
export const requiredSecret = (name: string): RequiredSecret => {
  const found = REQUIRED_PRODUCTION_SECRETS.find((s) => s.name === name)
  if (found === undefined) throw new Error(`${name} is not a required production secret`)
  return found
}

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
