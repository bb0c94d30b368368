/**
 * Development transport: each email becomes an `.eml` file under `DATA_DIR/mail` (open it with any mail
 * client), named by time and recipient, written atomically (a hidden partial file, then renamed). The folder is
 * 0700 and each file 0600: the emails hold live sign-in and reset links, for the recipient only.
 *
 * `forgetRecipient` deletes the emails to an address (a closed account's): the files whose name carries it and
 * whose `To:` header names it, so another address that reads the same in a file name is kept.
 */
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import nodemailer from "nodemailer"
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../security/PrivateDataDir.ts"
import { MailDeliveryFailed, MailTransport } from "./MailTransport.ts"

const safe = (text: string) => text.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80)

/** The addresses of an email's `To:` header (folded lines joined), lower-cased. */
const recipientsOf = (message: string): ReadonlyArray<string> => {
  const headers = message.split(/\r?\n\r?\n/, 1)[0] ?? ""
  const to = /^to:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? ""
  return (to.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map((a) => a.toLowerCase())
}

/** Deletes the `.eml` files in `directory` to `address`; answers the files it could not delete. */
const deleteEmailsTo = async (directory: string, address: string): Promise<ReadonlyArray<string>> => {
  const wanted = address.trim().toLowerCase()
  const marker = `-${safe(wanted).toLowerCase()}-`
  let names: Array<string>
  try {
    names = await fs.readdir(directory)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
    throw error
  }
  const failed: Array<string> = []
  for (const name of names) {
    if (!name.endsWith(".eml") || !name.toLowerCase().includes(marker)) continue
    const file = path.join(directory, name)
    try {
      if (recipientsOf(await fs.readFile(file, "utf8")).includes(wanted)) await fs.rm(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed.push(name)
    }
  }
  return failed
}

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
    forgetRecipient: (address) =>
      Effect.tryPromise(() => deleteEmailsTo(directory, address)).pipe(
        Effect.flatMap((failed) =>
          failed.length === 0
            ? Effect.void
            : Effect.logWarning(
                `Could not delete ${failed.length} email ${failed.length === 1 ? "file" : "files"} of a closed account in ${directory}: ${failed.join(", ")}`,
              ),
        ),
        Effect.catch((error) =>
          Effect.logWarning(
            `Could not delete the email files of a closed account in ${directory}: ${String(error)}`,
          ),
        ),
      ),
  })
