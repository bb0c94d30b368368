/**
 * Development transport: each email becomes an `.eml` file under `DATA_DIR/mail` (open it with any mail
 * client), named by time and recipient, written atomically (a hidden partial file, then renamed).
 */
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import nodemailer from "nodemailer"
import { MailDeliveryFailed, MailTransport } from "./MailTransport.ts"

const safe = (text: string) => text.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80)

export const layerFileMailTransport = (directory: string) =>
  Layer.succeed(MailTransport)({
    name: `files in ${directory}`,
    send: (mail) =>
      Effect.tryPromise({
        try: async () => {
          const composer = nodemailer.createTransport({
            streamTransport: true,
            buffer: true,
            newline: "unix",
          })
          const info = await composer.sendMail(mail)
          await fs.mkdir(directory, { recursive: true })
          const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe(mail.to)}-${Math.random().toString(36).slice(2, 8)}.eml`
          // The partial file is hidden and named without the recipient, so nobody looking for a member's emails
          // (a person, a test) lists a file that is still being written or is about to be renamed.
          const partial = path.join(directory, `.writing-${Math.random().toString(36).slice(2, 10)}`)
          await fs.writeFile(partial, info.message as Buffer)
          await fs.rename(partial, path.join(directory, name))
        },
        catch: (cause) =>
          new MailDeliveryFailed({
            message: `Could not write the email file: ${String(cause)}`,
            permanent: false,
          }),
      }),
  })
