import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect, type Layer } from "effect"
import { SMTPServer } from "smtp-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { layerFileMailTransport } from "../../src/email/FileMailTransport.ts"
import { MailTransport, type OutgoingMail } from "../../src/email/MailTransport.ts"
import { layerSmtpMailTransport } from "../../src/email/SmtpMailTransport.ts"

const mail: OutgoingMail = {
  from: "Landunits <no-reply@landunits.test>",
  to: "ann@example.com",
  subject: "Confirm your email",
  text: "Hello Ann, confirm here: https://landunits.test/confirm/abc",
  html: "<p>Hello Ann</p>",
}

const send = (layer: Layer.Layer<MailTransport>, m: OutgoingMail = mail) =>
  Effect.runPromise(
    Effect.flatMap(MailTransport, (t) => t.send(m)).pipe(Effect.result, Effect.provide(layer)),
  )

describe("file mail transport", () => {
  it("writes each email as an .eml file a mail client can open", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-mail-"))
    try {
      const result = await send(layerFileMailTransport(path.join(dir, "mail")))
      expect(result._tag).toBe("Success")
      const files = fs.readdirSync(path.join(dir, "mail"))
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/ann@example\.com.*\.eml$/)
      const eml = fs.readFileSync(path.join(dir, "mail", files[0]!), "utf8")
      expect(eml).toContain("Subject: Confirm your email")
      expect(eml).toContain("To: ann@example.com")
      expect(eml).toContain("https://landunits.test/confirm/abc")
      // Its link is the recipient's alone: the folder 0700, the file 0600, whatever the process's umask.
      expect(fs.statSync(path.join(dir, "mail")).mode & 0o777).toBe(0o700)
      expect(fs.statSync(path.join(dir, "mail", files[0]!)).mode & 0o777).toBe(0o600)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("forgets a recipient: every .eml to the address goes, another's stays, even one whose file name reads the same", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-mail-"))
    const layer = layerFileMailTransport(path.join(dir, "mail"))
    try {
      await send(layer)
      await send(layer, { ...mail, subject: "Reset your password" })
      await send(layer, { ...mail, to: "ben@example.com" })
      // "ann+x" and "ann_x" are both "ann_x" in a file name: the To header tells them apart.
      await send(layer, { ...mail, to: "ann+x@example.com" })
      await send(layer, { ...mail, to: "ann_x@example.com" })
      await Effect.runPromise(
        Effect.flatMap(MailTransport, (t) =>
          Effect.andThen(t.forgetRecipient("Ann@Example.com"), t.forgetRecipient("ann+x@example.com")),
        ).pipe(Effect.provide(layer)),
      )
      const left = fs.readdirSync(path.join(dir, "mail"))
      expect(left).toHaveLength(2)
      expect(left.some((f) => f.includes("-ben@example.com-"))).toBe(true)
      expect(
        fs.readFileSync(path.join(dir, "mail", left.find((f) => f.includes("ann_x"))!), "utf8"),
      ).toContain("To: ann_x@example.com")
      // A folder never written is nothing to forget.
      await Effect.runPromise(
        Effect.flatMap(MailTransport, (t) => t.forgetRecipient("ann@example.com")).pipe(
          Effect.provide(layerFileMailTransport(path.join(dir, "none"))),
        ),
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("SMTP mail transport, against a real SMTP server on loopback", () => {
  const received: Array<{ to: ReadonlyArray<string>; data: string }> = []
  let server: SMTPServer
  let port = 0
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith("@refused.example")) {
          const error = new Error("Mailbox unavailable") as Error & { responseCode: number }
          error.responseCode = 550
          return callback(error)
        }
        callback()
      },
      onData(stream, session, callback) {
        let data = ""
        stream.on("data", (chunk: Buffer) => {
          data += chunk.toString("utf8")
        })
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    port = (server.server.address() as { port: number }).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it("delivers the email to the server", async () => {
    const result = await send(layerSmtpMailTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`))
    expect(result._tag).toBe("Success")
    expect(received.at(-1)?.to).toEqual(["ann@example.com"])
    expect(received.at(-1)?.data).toContain("Subject: Confirm your email")
  })

  it("reports a refused address as permanent, so the outbox stops retrying it", async () => {
    const result = await send(layerSmtpMailTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`), {
      ...mail,
      to: "nobody@refused.example",
    })
    expect(result._tag).toBe("Failure")
    if (result._tag === "Failure") {
      expect(result.failure.permanent).toBe(true)
      expect(result.failure.message).toContain("Mailbox unavailable")
    }
  })

  it("reports an unreachable server as temporary, so the outbox retries", async () => {
    const result = await send(
      layerSmtpMailTransport("smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000"),
    )
    expect(result._tag).toBe("Failure")
    if (result._tag === "Failure") expect(result.failure.permanent).toBe(false)
  })
})
