/**
 * Settings › Your data in the DOM (happy-dom) with the API's transport replaced (issue 37): closing the account
 * asks a member without a second factor for the current password, and a member with one meets the step-up
 * prompt, after which the same closure is sent again; asking for an export meets the same prompt.
 */
import { AccessMessages } from "@landunits/core/access/AccessErrors.ts"
import { SecondFactorMessages } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import { YourData } from "../src/components/settings/YourData.tsx"
import { renderInRouter } from "./support/router.tsx"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const EMAIL = "ann@example.com"
const CLOSED = "Your account is closed."

const serve = (hasFactor: boolean, answers: Record<string, (body: Record<string, unknown>) => Response>) => {
  const calls: Array<{ path: string; body: Record<string, unknown> | undefined }> = []
  setFetch(async (input, init) => {
    const path = String(input).replace(/^\/api/, "")
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    calls.push({ path, body })
    if (path === "/user/security") {
      return json(200, {
        secondFactor: { totp: hasFactor, recoveryCodesLeft: hasFactor ? 10 : 0, passkeys: [] },
        sessions: [],
      })
    }
    if (path === "/user/data-exports" && init?.method === "GET") return json(200, { exports: [] })
    const answer = answers[path]
    return answer === undefined ? json(404, { message: "Not found" }) : answer(body ?? {})
  })
  return calls
}

const openClosure = async () => {
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Close my account…" })))
  fireEvent.change(screen.getByLabelText(/^Type your email address/), { target: { value: EMAIL } })
}

const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole("button", { name })))
}

afterEach(cleanup)

describe("Settings › Your data: closing the account (issue 37)", () => {
  it("asks a member without a second factor for the current password, sends it, and shows a wrong one's refusal", async () => {
    const calls = serve(false, {
      "/user/close-account": (body) =>
        body.currentPassword === "secret9"
          ? json(200, { message: CLOSED })
          : json(403, { _tag: "PasswordRequired", message: AccessMessages.passwordWrong }),
    })
    await renderInRouter(() => <YourData email={EMAIL} />)
    await waitFor(() => expect(calls.some((c) => c.path === "/user/security")).toBe(true))
    await openClosure()
    const field = (await screen.findByLabelText("Current password")) as HTMLInputElement
    expect(field.type).toBe("password")
    expect(field.getAttribute("autocomplete")).toBe("current-password")
    // Without the password the closure cannot be sent.
    expect(
      (screen.getByRole("button", { name: "Close my account for good" }) as HTMLButtonElement).disabled,
    ).toBe(true)

    fireEvent.change(field, { target: { value: "wrong-one" } })
    await press("Close my account for good")
    await waitFor(() => expect(document.activeElement?.textContent).toBe(AccessMessages.passwordWrong))

    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "secret9" } })
    await press("Close my account for good")
    await waitFor(() => expect(screen.getByText(CLOSED)).toBeTruthy())
    expect(calls.filter((c) => c.path === "/user/close-account").map((c) => c.body)).toEqual([
      { confirmEmail: EMAIL, currentPassword: "wrong-one" },
      { confirmEmail: EMAIL, currentPassword: "secret9" },
    ])
  })

  it("shows a member with a second factor no password field, and on 403 SecondFactorRequired the step-up prompt, then closes", async () => {
    let stepped = false
    const calls = serve(true, {
      "/user/second-factor/step-up": () => {
        stepped = true
        return json(200, { message: "Thank you." })
      },
      "/user/close-account": () =>
        stepped
          ? json(200, { message: CLOSED })
          : json(403, { _tag: "SecondFactorRequired", message: SecondFactorMessages.stepUpRequired }),
    })
    await renderInRouter(() => <YourData email={EMAIL} />)
    await waitFor(() => expect(calls.some((c) => c.path === "/user/security")).toBe(true))
    await openClosure()
    expect(screen.queryByLabelText("Current password")).toBeNull()
    await press("Close my account for good")
    const heading = await screen.findByRole("heading", { name: "Confirm it is you" })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: "123456" } })
    await press("Confirm")
    await waitFor(() => expect(screen.getByText(CLOSED)).toBeTruthy())
    expect(calls.filter((c) => c.path === "/user/close-account").map((c) => c.body)).toEqual([
      { confirmEmail: EMAIL },
      { confirmEmail: EMAIL },
    ])
  })

  it("asks for the step-up before an export, then asks for the export again", async () => {
    let stepped = false
    const calls = serve(true, {
      "/user/second-factor/step-up": () => {
        stepped = true
        return json(200, { message: "Thank you." })
      },
      "/user/data-exports": () =>
        stepped
          ? json(200, {
              export: { exportId: "exp_1", status: "building", requestedAt: "2026-11-29T00:00:00Z" },
            })
          : json(403, { _tag: "SecondFactorRequired", message: SecondFactorMessages.stepUpRequired }),
    })
    await renderInRouter(() => <YourData email={EMAIL} />)
    await press("Ask for a copy of my data")
    const heading = await screen.findByRole("heading", { name: "Confirm it is you" })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: "123456" } })
    await press("Confirm")
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === "/user/data-exports" && c.body === undefined).length,
      ).toBeGreaterThan(2),
    )
    expect(screen.queryByRole("heading", { name: "Confirm it is you" })).toBeNull()
  })
})
