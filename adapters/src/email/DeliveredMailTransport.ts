/**
 * Core's DeliveredMail port played by the mail transport in use: the file transport deletes its `.eml` files to
 * the address, SMTP keeps none (MailTransport.ts). `layerMailTransportFromEnv` is that transport, as
 * MailTransportSetting.ts reads it (SMTP_URL, else files under DATA_DIR/mail); the server's outbox worker sends through
 * the same one. Production's server refuses to start without SMTP_URL unless MAIL_TRANSPORT=file says files are
 * meant (ProductionSettings.ts); the admin CLI, which sends nothing, takes files then (to delete a closed account's).
 */
import { DeliveredMail } from "@landunits/core/notifications/ports/DeliveredMail.ts"
import { Effect, Layer } from "effect"
import { layerFileMailTransport } from "./FileMailTransport.ts"
import { MailTransport } from "./MailTransport.ts"
import { readMailTransportSetting } from "./MailTransportSetting.ts"
import { layerSmtpMailTransport } from "./SmtpMailTransport.ts"

export const DeliveredMailTransport = Layer.effect(DeliveredMail)(
  Effect.gen(function* () {
    const transport = yield* MailTransport
    return DeliveredMail.of({ forgetRecipient: transport.forgetRecipient })
  }),
)

/** SMTP_URL's server, else `.eml` files under DATA_DIR/mail (MailTransportSetting.ts). */
export const layerMailTransportFromEnv = Layer.unwrap(
  Effect.map(readMailTransportSetting(false), (setting) =>
    setting.kind === "smtp" ? layerSmtpMailTransport(setting.url) : layerFileMailTransport(setting.directory),
  ),
)
