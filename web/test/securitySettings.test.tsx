/**
 * Settings › Security in the DOM (happy-dom) with the API's transport replaced: each step that replaces the
 * button just pressed moves focus to what it shows (WCAG 2.4.3), and a page that opens takes no focus.
 */

import { AccessMessages } from "@landunits/core/access/AccessErrors.ts"
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import type { SecurityAnswer } from "../src/api/security.ts"
import { SecuritySettings } from "../src/components/settings/SecuritySettings.tsx"
import { renderInRouter } from "./support/router.tsx"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`)

const security = (totp: boolean, others = 1): SecurityAnswer => ({
  secondFactor: { totp, recoveryCodesLeft: totp ? 10 : 0, passkeys: [] },
  sessions: [
    { ref: "s0", device: "This laptop", createdAt: 0, lastSeenAt: 0, current: true },
    ...Array.from({ length: others }, (_, i) => ({
      ref: `s${i + 1}`,
      device: `Phone ${i + 1}`,
      createdAt: 0,
      lastSeenAt: 0,
      current: false,
    })),
  ],
})

const serve = (answers: Record<string, () => Response>) => {
  const calls: Array<string> = []
  setFetch(async (input) => {
    const path = String(input).replace(/^\/api/, "")
    calls.push(path)
    const answer = answers[path]
    return answer === undefined ? json(404, { message: "Not found" }) : answer()
  })
  return calls
}

const press = async (name: string) => {
  const button = screen.getByRole("button", { name })
  button.focus()
  await act(async () => fireEvent.click(button))
}

/** The password prompt's heading has focus; its "Current password" field is typed into. */
const typePassword = async (password: string) => {
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Confirm it is you" })),
  )
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: password } })
}

afterEach(cleanup)

describe("Settings › Security: focus after each step (WCAG 2.4.3)", () => {
  it("setup → its heading; Turn on → the recovery codes' heading; I have saved them → 'Authenticator app: on.'", async () => {
    let on = false
    serve({
      "/user/second-factor/totp/begin": () =>
        json(200, { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/Landunits?secret=JBSWY3DPEHPK3PXP" }),
      "/user/second-factor/totp/confirm": () => {
        on = true
        return json(200, { message: "Authenticator app on", recoveryCodes: CODES })
      },
      "/user/security": () => json(200, security(on)),
    })
    await renderInRouter(() => <SecuritySettings initial={security(false)} />)
    expect(document.activeElement).toBe(document.body)

    await press("Set up an authenticator app")
    await typePassword("secret9")
    await press("Continue")
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { name: "Set up an authenticator app" }),
      ),
    )

    fireEvent.change(screen.getByLabelText(/^Code from the app/), { target: { value: "123456" } })
    await press("Turn on")
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Recovery codes" })),
    )
    expect(screen.getByRole("region", { name: "Recovery codes" }).querySelectorAll("li")).toHaveLength(10)

    await press("I have saved them")
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Authenticator app: on\./))
    expect(document.activeElement?.getAttribute("tabindex")).toBe("-1")
    expect(screen.queryByRole("button", { name: "I have saved them" })).toBeNull()
  })

  it("a refused first code takes focus; Cancel gives it back to the setup button", async () => {
    serve({
      "/user/second-factor/totp/begin": () => json(200, { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://x" }),
      "/user/second-factor/totp/confirm": () => json(400, { message: "That code is not correct" }),
    })
    await renderInRouter(() => <SecuritySettings initial={security(false)} />)
    await press("Set up an authenticator app")
    await typePassword("secret9")
    await press("Continue")
    await waitFor(() => expect(screen.getByRole("button", { name: "Turn on" })).toBeTruthy())
    fireEvent.change(screen.getByLabelText(/^Code from the app/), { target: { value: "000000" } })
    await press("Turn on")
    await waitFor(() => expect(document.activeElement?.textContent).toBe("That code is not correct"))

    await press("Cancel")
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Set up an authenticator app" }))
  })

  it("a session signed out (its button gone) → the change's message; new recovery codes → their heading, then the message", async () => {
    let others = 1
    serve({
      "/user/sessions/sign-out": () => {
        others = 0
        return json(200, { message: "That session is signed out." })
      },
      "/user/second-factor/recovery-codes": () =>
        json(200, { message: "New recovery codes made; the old ones no longer work.", recoveryCodes: CODES }),
      "/user/security": () => json(200, security(true, others)),
    })
    await renderInRouter(() => <SecuritySettings initial={security(true)} />)
    // The summary is there from the start: it takes no focus.
    expect(document.activeElement).toBe(document.body)

    await press("Sign out Phone 1")
    await waitFor(() => expect(screen.queryByRole("button", { name: "Sign out Phone 1" })).toBeNull())
    expect(document.activeElement?.textContent).toBe("That session is signed out.")

    await press("New recovery codes")
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Recovery codes" })),
    )
    await press("I have saved them")
    expect(document.activeElement?.textContent).toBe("New recovery codes made; the old ones no longer work.")
  })
})

describe("Settings › Security: a first factor is set up with the current password (issue 37)", () => {
  it("a member without a factor types the current password before the app's setup begins: it is sent with the beginning, and a wrong one is refused in the prompt", async () => {
    const bodies: Array<unknown> = []
    setFetch(async (input, init) => {
      const path = String(input).replace(/^\/api/, "")
      if (path !== "/user/second-factor/totp/begin") return json(404, { message: "Not found" })
      const body = JSON.parse(String(init?.body ?? "{}")) as { currentPassword?: string }
      bodies.push(body)
      return body.currentPassword === "secret9"
        ? json(200, { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://x" })
        : json(403, { _tag: "PasswordRequired", message: AccessMessages.passwordWrong })
    })
    await renderInRouter(() => <SecuritySettings initial={security(false)} />)
    await press("Set up an authenticator app")
    // Nothing is asked of the server before the password.
    expect(bodies).toEqual([])
    const field = screen.getByLabelText("Current password") as HTMLInputElement
    expect(field.type).toBe("password")
    expect(field.getAttribute("autocomplete")).toBe("current-password")
    await typePassword("wrong-one")
    await press("Continue")
    await waitFor(() => expect(screen.getByText(AccessMessages.passwordWrong)).toBeTruthy())
    expect(screen.getByRole("heading", { name: "Confirm it is you" })).toBeTruthy()

    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "secret9" } })
    await press("Continue")
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { name: "Set up an authenticator app" }),
      ),
    )
    expect(bodies).toEqual([{ currentPassword: "wrong-one" }, { currentPassword: "secret9" }])
  })

  it("adding a first passkey asks for the current password first; a member with a passkey sets up an app without it", async () => {
    serve({})
    await renderInRouter(() => <SecuritySettings initial={security(false)} />)
    await press("Add a passkey")
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Confirm it is you" })),
    )
    expect(screen.getByText(/enter your current password to add a passkey/)).toBeTruthy()
    expect((screen.getByLabelText("Current password") as HTMLInputElement).getAttribute("autocomplete")).toBe(
      "current-password",
    )
    cleanup()

    const calls = serve({
      "/user/second-factor/totp/begin": () => json(200, { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://x" }),
    })
    const withPasskey: SecurityAnswer = {
      ...security(false),
      secondFactor: {
        totp: false,
        recoveryCodesLeft: 10,
        passkeys: [{ credentialId: "c1", name: "Laptop", createdAt: 0 }],
      },
    }
    await renderInRouter(() => <SecuritySettings initial={withPasskey} />)
    await press("Set up an authenticator app")
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Set up an authenticator app" })).toBeTruthy(),
    )
    expect(screen.queryByLabelText("Current password")).toBeNull()
    expect(calls).toEqual(["/user/second-factor/totp/begin"])
  })
})
