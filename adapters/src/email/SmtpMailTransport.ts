/**
 * SMTP transport (`SMTP_URL`, e.g. smtps://user:pass@mail.example.com:465), through nodemailer. A 5xx
 * answer from the server is permanent (the outbox stops retrying that email); anything else is retried.
 * It keeps no copy of what it sends, so `forgetRecipient` has nothing to delete (the mail server's logs and the
 * recipient's mailbox are beyond the platform's reach).
 */
import { Effect, Layer } from "effect"
import nodemailer from "nodemailer"
import { MailDeliveryFailed, MailTransport } from "./MailTransport.ts"

const isPermanent = (cause: unknown) => {
  const code = (cause as { responseCode?: number }).responseCode
  return typeof code === "number" && code >= 500 && code < 600
}

export const layerSmtpMailTransport = (smtpUrl: string) =>
  Layer.effect(MailTransport)(
    Effect.acquireRelease(
      Effect.sync(() => nodemailer.createTransport(smtpUrl)),
      (transporter) => Effect.sync(() => transporter.close()),
    ).pipe(
      Effect.map((transporter) =>
        MailTransport.of({
          name: `SMTP ${new URL(smtpUrl).host}`,
          send: (mail) =>
            Effect.tryPromise({
              try: () => transporter.sendMail(mail),
              catch: (cause) =>
                new MailDeliveryFailed({
                  message: `The mail server refused the email: ${(cause as Error).message ?? String(cause)}`,
                  permanent: isPermanent(cause),
                }),
            }).pipe(Effect.asVoid),
          forgetRecipient: () => Effect.void,
        }),
      ),
    ),
  )
