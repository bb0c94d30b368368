/**
 * What a setting production cannot do without is, and the refusal when it is missing. The layers that read such a
 * setting (DocumentKey.ts, LedgerSignerEd25519.ts) each describe their own secret here, and ProductionSettings.ts
 * lists them and checks them at a production start; this module imports neither, so none imports the other back.
 */
import { Config, type Effect, Schema } from "effect"

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
