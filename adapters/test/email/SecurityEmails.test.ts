/**
 * The words of the security emails (issue 38), as the outbox worker renders them: each says what happened, when,
 * from which device or address where known, and what to do if it was not the member (reset the password, contact
 * us), with the links on the app's URL; a passkey's name is escaped in the HTML twin.
 */
import { SecurityEmail } from "@landunits/core/accounts/SecurityEmails.ts"
import { describe, expect, it } from "vitest"
import { type RenderedEmail, renderEmail } from "../../src/email/EmailTemplates.ts"

const APP_URL = "https://landunits.example"
const AT = "Nov 29, 2026, 9:05 AM UTC"

const render = (template: string, data: Record<string, string>): RenderedEmail => {
  const email = renderEmail(template, { firstName: "Ann", at: AT, ...data }, `${APP_URL}/`)
  if (!("text" in email)) throw new Error(email.message)
  return email
}

const WHAT_TO_DO = [
  "If this was you, there is nothing to do.",
  "If it was not you",
  `reset your password now at ${APP_URL}/login-forgot`,
  `contact us at ${APP_URL}/contact-us`,
]

describe("security emails", () => {
  it("a password change: what, when, from which device, and what to do if it was not the member", () => {
    const email = render(SecurityEmail.passwordChanged, { device: "Firefox 133 on Windows" })
    expect(email.subject).toBe("Your Landunits password was changed")
    expect(email.text).toContain(
      `The password of your Landunits account was changed on ${AT} from Firefox 133 on Windows. Your other sessions were signed out.`,
    )
    for (const line of WHAT_TO_DO) expect(email.text).toContain(line)
    expect(email.text).toContain(`Reset your password: ${APP_URL}/login-forgot`)
    expect(email.text.startsWith("Hello Ann,")).toBe(true)
  })

  it("a reset by the emailed link: from which address, and that whoever did it reads the member's email", () => {
    const email = render(SecurityEmail.passwordReset, { address: "203.0.113.7" })
    expect(email.subject).toBe("Your Landunits password was reset")
    expect(email.text).toContain(`on ${AT} from the address 203.0.113.7. Every session was signed out.`)
    expect(email.text).toContain("someone can read your email: secure your email account first")
    for (const line of WHAT_TO_DO) expect(email.text).toContain(line)
  })

  it("an authenticator app or a passkey added: which, when, and to remove it if it was not the member", () => {
    const app = render(SecurityEmail.secondFactorAdded, {
      kind: "authenticator app",
      factor: "an authenticator app",
      device: "Chrome 131 on Linux",
    })
    expect(app.subject).toBe("An authenticator app was added to your Landunits account")
    expect(app.text).toContain(
      `An authenticator app was added to your account's two-factor sign-in on ${AT} from Chrome 131 on Linux.`,
    )
    const passkey = render(SecurityEmail.secondFactorAdded, {
      kind: "passkey",
      factor: 'a passkey named "Laptop"',
    })
    expect(passkey.subject).toBe("A passkey was added to your Landunits account")
    expect(passkey.text).toContain(
      `A passkey named "Laptop" was added to your account's two-factor sign-in on ${AT}.`,
    )
    for (const email of [app, passkey]) {
      for (const line of WHAT_TO_DO) expect(email.text).toContain(line)
      expect(email.text).toContain(
        `Then remove it in your security settings (${APP_URL}/dashboard/settings/security)`,
      )
    }
  })

  it("a second factor removed: which, when, and to set it up again if it was not the member", () => {
    const email = render(SecurityEmail.secondFactorRemoved, {
      kind: "passkey",
      factor: 'a passkey named "Laptop"',
      device: "Safari 18 on macOS",
    })
    expect(email.subject).toBe("A passkey was removed from your Landunits account")
    expect(email.text).toContain(
      `A passkey named "Laptop" was removed from your account's two-factor sign-in on ${AT} from Safari 18 on macOS.`,
    )
    expect(email.text).toContain("set up your second factor again")
    for (const line of WHAT_TO_DO) expect(email.text).toContain(line)
  })

  it("escapes a passkey's name in the HTML twin", () => {
    const email = render(SecurityEmail.secondFactorAdded, {
      kind: "passkey",
      factor: 'a passkey named "<img src=x onerror=alert(1)>"',
    })
    expect(email.html).not.toContain("<img")
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;")
  })
})
