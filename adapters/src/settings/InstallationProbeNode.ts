/**
 * Core's InstallationProbe port (core/src/setup) on this machine, for `landunits doctor`: the settings as this
 * process reads them (run it with the app's settings), the SMTP server asked whether it answers (nodemailer's
 * `verify`: connect, greet, authenticate; nothing is sent), DATA_DIR's file modes (looked at, never changed),
 * the document keys of the sealed rows against DOCUMENT_KEY and DOCUMENT_KEY_PREVIOUS, and the payment methods
 * configured.
 */
import * as fs from "node:fs"
import { InstallationProbe } from "@landunits/core/setup/ports/InstallationProbe.ts"
import type { CardMode, EnvironmentFacts } from "@landunits/core/setup/SetupModel.ts"
import type { CryptoCoin } from "@landunits/core/shared/Enums.ts"
import { Config, Duration, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import nodemailer from "nodemailer"
import { DocumentKey } from "../documents/DocumentKey.ts"
import { readMailTransportSetting } from "../email/MailTransportSetting.ts"
import { readPaymentsSettings } from "../payments/PaymentsConfig.ts"
import { DEFAULT_DATA_DIR } from "../postgres/Database.ts"
import { sealedRowsByKey } from "../postgres/SealedRowKeysPg.ts"
import { findOpen } from "../security/PrivateDataDir.ts"
import { isProduction } from "./ProductionSecret.ts"
import { appUrlProblem } from "./ProductionSettings.ts"

/** How long the SMTP server has to answer. */
export const SMTP_CHECK_TIMEOUT = Duration.seconds(10)
/** The open paths a finding names; the rest are counted. */
const OPEN_NAMED = 5

/** The mail server's answer to a connection, greeting and sign-in: undefined when it answers, else why not. */
const smtpProblem = (url: string) =>
  Effect.tryPromise({
    try: async () => {
      const transporter = nodemailer.createTransport(url)
      try {
        await transporter.verify()
      } finally {
        transporter.close()
      }
    },
    catch: (cause) => (cause instanceof Error ? cause.message : String(cause)),
  }).pipe(
    Effect.timeoutOrElse({
      duration: SMTP_CHECK_TIMEOUT,
      orElse: () => Effect.fail(`no answer within ${Duration.toSeconds(SMTP_CHECK_TIMEOUT)} s`),
    }),
    Effect.match({ onSuccess: () => undefined, onFailure: (problem) => problem }),
  )

/** The sealed rows whose key the keyring lacks, by key id. */
const unreadableSealedRows = Effect.gen(function* () {
  const keyring = yield* DocumentKey
  const known = new Set([keyring.keyId, ...keyring.previous.map((k) => k.keyId)])
  const rows = yield* sealedRowsByKey
  return rows.filter((r) => !known.has(r.keyId))
})

const cardMode = (mode: { readonly _tag: "Live" | "TestMode" | "Refused" }): CardMode =>
  mode._tag === "Live" ? "live" : mode._tag === "TestMode" ? "test-mode" : "refused"

export const InstallationProbeNode = Layer.effect(InstallationProbe)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const keyring = yield* DocumentKey
    return InstallationProbe.of({
      facts: Effect.gen(function* () {
        const production = yield* isProduction
        const appUrl = Option.getOrUndefined(
          Option.filter(yield* Config.option(Config.String("APP_URL")), (v) => v.trim() !== ""),
        )
        const mailSetting = yield* Effect.result(readMailTransportSetting(production))
        let mail: EnvironmentFacts["mail"]
        if (mailSetting._tag === "Failure")
          mail = {
            transport: "unusable",
            problem:
              mailSetting.failure._tag === "MailTransportSettingInvalid"
                ? mailSetting.failure.message
                : String(mailSetting.failure),
          }
        else if (mailSetting.success.kind === "smtp")
          mail = {
            transport: "smtp",
            server: new URL(mailSetting.success.url).host,
            problem: yield* smtpProblem(mailSetting.success.url),
          }
        else {
          const chosen = Option.getOrUndefined(yield* Config.option(Config.String("MAIL_TRANSPORT")))
          mail = {
            transport: "file",
            directory: mailSetting.success.directory,
            chosen: chosen?.trim().toLowerCase() === "file",
          }
        }
        const databaseUrl = Option.getOrUndefined(yield* Config.option(Config.String("DATABASE_URL")))
        const dataDirPath = yield* Config.String("DATA_DIR").pipe(Config.withDefault(DEFAULT_DATA_DIR))
        // DATA_DIR is in use with the embedded database, or when it exists (mail files, the admin socket).
        const inUse = (databaseUrl ?? "").trim() === "" || fs.existsSync(dataDirPath)
        const open = inUse ? findOpen(dataDirPath) : []
        const payments = yield* Effect.result(readPaymentsSettings)
        const coins = payments._tag === "Success" ? payments.success.crypto : undefined
        return {
          production,
          appUrl: { value: appUrl, problem: appUrl === undefined ? undefined : appUrlProblem(appUrl) },
          mail,
          dataDir: inUse
            ? {
                path: dataDirPath,
                open:
                  open.length <= OPEN_NAMED
                    ? open
                    : [...open.slice(0, OPEN_NAMED), `${open.length - OPEN_NAMED} more`],
              }
            : undefined,
          unreadableSealedRows: yield* unreadableSealedRows.pipe(
            Effect.provideService(SqlClient.SqlClient, sql),
            Effect.provideService(DocumentKey, keyring),
            Effect.orDie,
          ),
          cryptoAddresses: (["BITCOIN", "ETHER"] as const).filter(
            (coin): coin is CryptoCoin => coins !== undefined && coins[coin]._tag !== "Refused",
          ),
          cardPayments:
            payments._tag === "Success"
              ? { stripe: cardMode(payments.success.stripe), square: cardMode(payments.success.square) }
              : { stripe: "refused", square: "refused" },
        } satisfies EnvironmentFacts
      }).pipe(Effect.orDie),
    })
  }),
)
