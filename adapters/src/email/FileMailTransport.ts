/**
 * Development transport: each email becomes an `.eml` file under `DATA_DIR/mail` (open it with any mail
 * client), named by time and recipient, written atomically (a hidden partial file, then renamed). The folder is
 * 0700 and each file 0600: the emails hold live sign-in and reset links, for the recipient only.
 */
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import nodemailer from "nodemailer"
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../security/PrivateDataDir.ts"
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
          await fs.mkdir(directory, { recursive: true, mode: PRIVATE_DIR_MODE })
          const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe(mail.to)}-${Math.random().toString(36).slice(2, 8)}.eml`
          // The partial file is hidden and named without the recipient, so nobody looking for a member's emails
          // (a person, a test) lists a file that is still being written or is about to be renamed.
          const partial = path.join(directory, `.writing-${Math.random().toString(36).slice(2, 10)}`)
          await fs.writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: "wx" })
          await fs.rename(partial, path.join(directory, name))
        },
        catch: (cause) =>
          new MailDeliveryFailed({
            message: `Could not write the email file: ${String(cause)}`,
            permanent: false,
          }),
      }),
  })
