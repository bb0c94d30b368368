/**
 * Issue 23 as a browser sees it over HTTP: an authenticator app set up in settings, a sign-in that gets no
 * session before the code (only a 5-minute HttpOnly step cookie), recovery codes usable once, wrong codes
 * slowed with 429 and Retry-After, the step-up before a password change, secrets stored encrypted or hashed,
 * the member's sessions listed and signed out (the other's next request is 401), and the new-device email.
 */
import { AccountEmail } from "@landunits/core/accounts/AccountService.ts"
import { totpCode } from "@landunits/test-support/TotpCode.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { renderEmail } from "../../src/email/EmailTemplates.ts"
import { KYC_INFO_EXAMPLE } from "../../src/http/api/openapi/Examples.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))

describe("two-factor sign-in and sessions over HTTP", () => {
  const server = useTestServer(
    Layer.mergeAll(serveHttp({ port: 0, development: false }), Layer.effectDiscard(seedDemo)).pipe(
      Layer.provideMerge(layerApp(pgliteTarget().layer)),
    ),
  )
  const members = apiMembers(server)
  const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
    server.run(Effect.flatMap(SqlClient.SqlClient, f) as Effect.Effect<A, never, SqlClient.SqlClient>)

  /** A new member with an authenticator app set up: their client, the secret and the recovery codes. */
  const withTotp = async (email: string, password = "secret9") => {
    const client = await members.newMember(email, password)
    const begin = await client.post("/api/user/second-factor/totp/begin", { currentPassword: password })
    expect(begin.status).toBe(200)
    const { secret, uri } = await json(begin)
    expect(uri).toMatch(/^otpauth:\/\/totp\/Landunits:/)
    const confirm = await client.post("/api/user/second-factor/totp/confirm", { code: totpCode(secret) })
    expect(confirm.status).toBe(200)
    const { recoveryCodes } = await json(confirm)
    return { client, secret, recoveryCodes: recoveryCodes as ReadonlyArray<string> }
  }

  it("sets up TOTP and asks for it at sign-in: no session before the code, the code gives one", async () => {
    const { secret } = await withTotp("totp-sign-in@example.com")
    const browser = await members.anonymous()
    const login = await browser.post("/api/auth/login", {
      email: "totp-sign-in@example.com",
      password: "secret9",
    })
    expect(login.status).toBe(200)
    expect(await json(login)).toMatchObject({ secondFactorRequired: true })
    expect(setCookie(login, "landunits_session")).toBeUndefined()
    const step = setCookie(login, "landunits_sign_in_step")
    expect(step).toMatch(/HttpOnly/)
    expect(step).toMatch(/Secure/)
    expect(step).toMatch(/Path=\/api\/auth/)
    expect(step).toMatch(/Max-Age=300/)
    // The half-signed-in step opens nothing.
    expect((await browser.get("/api/user")).status).toBe(401)

    const wrong = await browser.post("/api/auth/login/second-factor", { code: "000000" })
    expect(wrong.status).toBe(401)
    expect((await json(wrong)).message).toMatch(/not correct/)
    const badForm = await browser.post("/api/auth/login/second-factor", { code: "12" })
    expect(badForm.status).toBe(400)

    // A fresh code (the one used at setup is spent: the next step's, or wait for it).
    const code = totpCode(secret, Date.now() + 30_000)
    const done = await browser.post("/api/auth/login/second-factor", { code })
    expect(done.status).toBe(200)
    expect((await json(done)).user.email).toBe("totp-sign-in@example.com")
    expect(setCookie(done, "landunits_session")).toMatch(/HttpOnly/)
    expect(setCookie(done, "landunits_sign_in_step")).toMatch(/Max-Age=0/)
    expect((await browser.get("/api/user")).status).toBe(200)
    // The same code again is refused (replay), and the step is over.
    const again = await browser.post("/api/auth/login/second-factor", { code })
    expect(again.status).toBe(401)
  })

  it("signs in with a recovery code once, and stores the secret encrypted and the codes hashed", async () => {
    const { secret, recoveryCodes } = await withTotp("totp-recovery@example.com")
    expect(recoveryCodes).toHaveLength(10)
    const browser = await members.anonymous()
    await browser.post("/api/auth/login", { email: "totp-recovery@example.com", password: "secret9" })
    const used = await browser.post("/api/auth/login/second-factor", { code: recoveryCodes[0] })
    expect(used.status).toBe(200)
    const second = await members.anonymous()
    await second.post("/api/auth/login", { email: "totp-recovery@example.com", password: "secret9" })
    expect((await second.post("/api/auth/login/second-factor", { code: recoveryCodes[0] })).status).toBe(401)

    const stored = await sql(
      (s) =>
        s<{ ciphertext: Uint8Array; key_id: string }>`
        SELECT t.ciphertext, t.key_id FROM totp_factors t JOIN accounts a ON a.member_id = t.member_id
        WHERE a.email = 'totp-recovery@example.com'`,
    )
    expect(stored).toHaveLength(1)
    expect(Buffer.from(stored[0]!.ciphertext).toString("utf8")).not.toContain(secret)
    expect(Buffer.from(stored[0]!.ciphertext).toString("latin1")).not.toContain(secret)
    const codes = await sql((s) => s<{ code_hash: string }>`SELECT code_hash FROM recovery_codes`)
    const hashes = codes.map((c) => c.code_hash).join(" ")
    for (const code of recoveryCodes) expect(hashes).not.toContain(code)
  })

  it("slows wrong codes with 429 and Retry-After after 5 tries, whatever the address", async () => {
    await withTotp("totp-slow@example.com")
    const browser = await members.anonymous()
    await browser.post("/api/auth/login", { email: "totp-slow@example.com", password: "secret9" })
    for (let i = 0; i < 5; i++) {
      expect((await browser.post("/api/auth/login/second-factor", { code: "111111" })).status).toBe(401)
    }
    const slowed = await browser.post("/api/auth/login/second-factor", { code: "111111" })
    expect(slowed.status).toBe(429)
    expect(slowed.headers.get("retry-after")).toBe("1")
    expect((await json(slowed)).message).toMatch(/Too many codes tried/)
  })

  it("asks the second factor again before a password change, and the change ends the other sessions", async () => {
    const { client, secret, recoveryCodes } = await withTotp("totp-step-up@example.com")
    // The factor given at setup has gone stale (more than 5 minutes ago).
    await sql((s) => s`UPDATE sessions SET second_factor_at = 0`)
    const change = {
      currentPassword: "secret9",
      newPassword: "Better2026",
      confirmNewPassword: "Better2026",
    }
    const refused = await client.post("/api/user/update_user_password", change)
    expect(refused.status).toBe(403)
    expect((await json(refused))._tag).toBe("SecondFactorRequired")
    const removeRefused = await client.post("/api/user/second-factor/totp/remove")
    expect(removeRefused.status).toBe(403)

    const other = await members.anonymous()
    await other.post("/api/auth/login", { email: "totp-step-up@example.com", password: "secret9" })
    expect(
      (await other.post("/api/auth/login/second-factor", { code: totpCode(secret, Date.now() + 30_000) }))
        .status,
    ).toBe(200)
    // The step-up takes a recovery code too (the app's next code is spent by the other sign-in).
    const stepUp = await client.post("/api/user/second-factor/step-up", { code: recoveryCodes[0] })
    expect(stepUp.status).toBe(200)
    expect((await client.post("/api/user/update_user_password", change)).status).toBe(200)
    expect((await client.get("/api/user")).status).toBe(200)
    expect((await other.get("/api/user")).status).toBe(401)
  })

  it("lists the member's sessions by device and signs out one of them: its next request is 401", async () => {
    const mine = await members.newMember("sessions@example.com")
    const firefox = await members.anonymous()
    const ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
    expect(
      (
        await firefox.post(
          "/api/auth/login",
          { email: "sessions@example.com", password: "secret9" },
          { headers: { "user-agent": ua } },
        )
      ).status,
    ).toBe(200)
    const security = await json(await mine.get("/api/user/security"))
    expect(security.secondFactor).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: [] })
    expect(security.sessions).toHaveLength(2)
    expect(security.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    const other = security.sessions.find((s: { current: boolean }) => !s.current)
    expect(other.device).toBe("Firefox 133 on Windows")
    expect(JSON.stringify(security)).not.toContain(firefox.cookies.get("landunits_session"))

    expect((await firefox.get("/api/user")).status).toBe(200)
    const out = await mine.post("/api/user/sessions/sign-out", { ref: other.ref })
    expect(out.status).toBe(200)
    expect((await firefox.get("/api/user")).status).toBe(401)
    expect((await mine.get("/api/user")).status).toBe(200)
    // Another member's ref (or one already ended) is not found.
    expect((await mine.post("/api/user/sessions/sign-out", { ref: other.ref })).status).toBe(404)

    const third = await members.signedIn("sessions@example.com", "secret9")
    expect((await mine.post("/api/user/sessions/sign-out-others")).status).toBe(200)
    expect((await third.get("/api/user")).status).toBe(401)
    expect((await mine.get("/api/user")).status).toBe(200)
  })

  it("emails each security change through the outbox: the app set up, the password changed, the app removed", async () => {
    const { client } = await withTotp("security-mail@example.com")
    const change = { currentPassword: "secret9", newPassword: "Better2026", confirmNewPassword: "Better2026" }
    expect((await client.post("/api/user/update_user_password", change)).status).toBe(200)
    expect((await client.post("/api/user/second-factor/totp/remove")).status).toBe(200)
    const mails = await sql(
      (s) =>
        s<{ template: string; data: Record<string, string> }>`
        SELECT template, data FROM mail_outbox WHERE to_address = 'security-mail@example.com'
        AND template IN ('second-factor-added', 'password-changed', 'second-factor-removed') ORDER BY id`,
    )
    expect(mails.map((m) => m.template)).toEqual([
      "second-factor-added",
      "password-changed",
      "second-factor-removed",
    ])
    const text = mails.map((m) => {
      const rendered = renderEmail(m.template, m.data, "https://landunits.example")
      if (!("text" in rendered)) throw new Error(rendered.message)
      return rendered.text
    })
    expect(text[0]).toContain("An authenticator app was added to your account's two-factor sign-in on ")
    expect(text[1]).toContain("The password of your Landunits account was changed on ")
    expect(text[2]).toContain("An authenticator app was removed from your account's two-factor sign-in on ")
    for (const t of text) {
      expect(t).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/)
      expect(t).toContain("If it was not you")
      expect(t).toContain("https://landunits.example/login-forgot")
      expect(t).toContain("https://landunits.example/contact-us")
    }
  })

  it("emails a sign-in from a new device through the outbox, not one from a known device", async () => {
    const first = await members.newMember("new-device@example.com")
    const countMails = () =>
      sql(
        (s) =>
          s<{ n: string }>`
          SELECT count(*) AS n FROM mail_outbox WHERE to_address = 'new-device@example.com'
          AND template = ${AccountEmail.newDeviceSignIn}`,
      ).then((rows) => Number(rows[0]?.n))
    // The same browser (its device cookie) again: nothing.
    expect(
      (await first.post("/api/auth/login", { email: "new-device@example.com", password: "secret9" })).status,
    ).toBe(200)
    expect(await countMails()).toBe(0)
    const device = first.cookies.get("landunits_device")
    expect(device).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    // Another browser: one email.
    await members.signedIn("new-device@example.com", "secret9")
    expect(await countMails()).toBe(1)
  })

  it("asks a member with a passkey for it at sign-in: options for their credentials, a refused answer is 401", async () => {
    await members.newMember("passkey-options@example.com")
    await sql(
      (s) => s`
        INSERT INTO passkeys (credential_id, member_id, public_key, counter, transports, name, created_at)
        SELECT 'cred-1', member_id, 'pQECAyYgASFYIA', 0, '["internal"]'::jsonb, 'Laptop', 1
        FROM accounts WHERE email = 'passkey-options@example.com'`,
    )
    const browser = await members.anonymous()
    const login = await browser.post("/api/auth/login", {
      email: "passkey-options@example.com",
      password: "secret9",
    })
    expect(await json(login)).toMatchObject({ secondFactorRequired: true })
    const options = await browser.post("/api/auth/login/passkey/options")
    expect(options.status).toBe(200)
    const { options: body } = await json(options)
    expect(body.allowCredentials).toEqual([{ id: "cred-1", transports: ["internal"], type: "public-key" }])
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const forged = await browser.post("/api/auth/login/passkey", {
      response: {
        id: "cred-1",
        rawId: "cred-1",
        type: "public-key",
        response: {},
        clientExtensionResults: {},
      },
    })
    expect(forged.status).toBe(401)
    expect((await browser.get("/api/user")).status).toBe(401)
  })

  it("asks the second factor again before the bank details payouts go to change, not for other KYC details", async () => {
    const { client, recoveryCodes } = await withTotp("totp-bank@example.com")
    await sql((s) => s`UPDATE sessions SET second_factor_at = 0`)
    const profile = (kycInfo: unknown) => {
      const form = new FormData()
      form.set("firstName", "New")
      form.set("kycInfo", JSON.stringify(kycInfo))
      return client.post("/api/user/update_profile", form)
    }
    // No bank details before or after: no step-up.
    expect((await profile({ ...KYC_INFO_EXAMPLE })).status).toBe(200)
    const bank = {
      bankAccountName: "Ann Example",
      bankAccountNumber: "12345678",
      sortCode: "202015",
      swiftBic: "BUKBGB22",
      bankName: "Example Bank",
      bankAddress: "1 Bank Street, London",
      bankCountry: "United Kingdom",
    }
    const refused = await profile({ ...KYC_INFO_EXAMPLE, bankDetails: bank })
    expect(refused.status).toBe(403)
    expect((await json(refused))._tag).toBe("SecondFactorRequired")
    expect((await client.post("/api/user/second-factor/step-up", { code: recoveryCodes[1] })).status).toBe(
      200,
    )
    expect((await profile({ ...KYC_INFO_EXAMPLE, bankDetails: bank })).status).toBe(200)
    // The same bank details again (the window over) are no change.
    await sql((s) => s`UPDATE sessions SET second_factor_at = 0`)
    expect((await profile({ ...KYC_INFO_EXAMPLE, bankDetails: bank })).status).toBe(200)
  })
})
