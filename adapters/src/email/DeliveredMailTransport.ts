/**
 * Core's DeliveredMail port played by the mail transport in use: the file transport deletes its `.eml` files to
 * the address, SMTP keeps none (MailTransport.ts). `layerMailTransportFromEnv` is that transport: SMTP_URL when
 * set, else files under DATA_DIR/mail; the server's outbox worker sends through the same one.
 */
import * as path from "node:path"
import { DeliveredMail } from "@landunits/core/notifications/ports/DeliveredMail.ts"
import { Config, Effect, Layer, Option } from "effect"
import { DEFAULT_DATA_DIR } from "../postgres/Database.ts"
import { layerFileMailTransport } from "./FileMailTransport.ts"
import { MailTransport } from "./MailTransport.ts"
import { layerSmtpMailTransport } from "./SmtpMailTransport.ts"

export const DeliveredMailTransport = Layer.effect(DeliveredMail)(
  Effect.gen(function* () {
    const transport = yield* MailTransport
    return DeliveredMail.of({ forgetRecipient: transport.forgetRecipient })
  }),
)

/** SMTP_URL's server, else `.eml` files under DATA_DIR/mail. */
export const layerMailTransportFromEnv = Layer.unwrap(
  Effect.gen(function* () {
    const smtpUrl = yield* Config.option(Config.String("SMTP_URL"))
    if (Option.isSome(smtpUrl) && smtpUrl.value.trim() !== "") return layerSmtpMailTransport(smtpUrl.value)
    const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault(DEFAULT_DATA_DIR))
    return layerFileMailTransport(path.join(dataDir, "mail"))
  }),
)
