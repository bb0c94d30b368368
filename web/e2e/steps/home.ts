/**
 * Reusable browser steps for the member's dashboard home, history, statement, settings and KYC, so a later
 * end-to-end journey can chain them: fill and submit KYC, have an admin approve it through the CLI, download a
 * statement, change the password. Members, sign-up, sign-in and API orders are in ../support.
 * Each step waits on the page, never on time.
 */
import * as fs from "node:fs"
import type { Download, Page } from "playwright-core"
import { expect } from "vitest"
import type { RunningServer } from "../server.ts"
import { runCli } from "../support/cli.ts"

/** The admin approves a member's KYC through the CLI. */
export const approveKyc = async (server: RunningServer, admin: string, member: string) => {
  const approved = await runCli(server, ["--as", admin, "--yes", "kyc", "approve", member])
  expect(approved.stderr).not.toContain("Refused")
  expect(approved.code).toBe(0)
  expect(approved.stdout).toContain("Verified")
}

/** The smallest well-formed PDF: a passport scan stand-in (the server judges files by content). */
export const PASSPORT_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
)

/** The KYC form's fields for an individual, by label, with valid values. */
export const KYC_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["House Number", "12"],
  ["Street Address", "Acacia Avenue"],
  ["Town/City", "London"],
  ["Postcode", "SW1A 1AA"],
  ["Country", "United Kingdom"],
  ["Telephone Country Code", "+44"],
  ["Phone Number", "2079460000"],
  ["Bank Account Name", "Grace Hopper"],
  ["Bank Account Number", "12345678"],
  ["IBAN", "GB33BUKB20201555555555"],
  ["SWIFT/BIC", "BUKBGB22"],
  ["Bank Name", "Example Bank"],
  ["Bank Address", "1 Bank Street, London"],
  ["Bank Country", "United Kingdom"],
  ["Passport Number", "P1234567"],
  ["Issuing Country", "United Kingdom"],
  ["Start Date", "2020-01-15"],
  ["Expiry Date", "2034-01-15"],
]

const kycForm = (page: Page) => page.getByRole("form", { name: "KYC details" })

/** Fills the KYC form with KYC_VALUES and a passport PDF, and saves and sends it for review in one step. */
export const fillAndSubmitKyc = async (page: Page, server: RunningServer) => {
  await page.goto(`${server.url}/dashboard/settings/kyc-verification`)
  const form = kycForm(page)
  await form.waitFor()
  for (const [label, value] of KYC_VALUES) {
    await form.getByLabel(new RegExp(`^${label.replace(/[/+]/g, "\\$&")}`)).fill(value)
  }
  await form
    .getByLabel("Passport File")
    .setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: PASSPORT_PDF })
  await form.getByRole("button", { name: "Save and send for review" }).click()
  await expect
    .poll(() => page.locator("#verification-status").getByRole("status").textContent())
    .toBe("Your details have been sent for review. We will email you the decision.")
  await expect.poll(() => form.textContent()).toContain("Uploaded: passport.pdf")
  await expect
    .poll(() => page.locator("#verification-status .badge").first().textContent())
    .toBe("Waiting for review")
}

/** The current KYC status shown in #verification-status (after a reload, so it is the server's). */
export const kycStatusShown = async (page: Page, server: RunningServer) => {
  await page.goto(`${server.url}/dashboard/settings/kyc-verification`)
  const badge = page.locator("#verification-status .badge").first()
  await badge.waitFor()
  return badge.textContent()
}

/** Downloads the statement for a period from /dashboard/statement; answers the saved file's bytes and name. */
export const downloadStatement = async (
  page: Page,
  server: RunningServer,
  { fromDate, toDate, format }: { fromDate: string; toDate: string; format: "pdf" | "csv" },
): Promise<{ readonly name: string; readonly bytes: Buffer }> => {
  await page.goto(`${server.url}/dashboard/statement`)
  const form = page.getByRole("form", { name: "Transaction statement" })
  await form.waitFor()
  await form.getByLabel(/^From date/).fill(fromDate)
  await form.getByLabel(/^To date/).fill(toDate)
  await form.getByLabel(format === "pdf" ? "PDF document" : "CSV spreadsheet").check()
  const [download] = (await Promise.all([
    page.waitForEvent("download"),
    form.getByRole("button", { name: "Download statement" }).click(),
  ])) as [Download, unknown]
  const file = await download.path()
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) }
}

/** Changes the password on /dashboard/settings/change-password and waits for the server's answer. */
export const changePassword = async (page: Page, server: RunningServer, current: string, next: string) => {
  await page.goto(`${server.url}/dashboard/settings/change-password`)
  const form = page.getByRole("form", { name: "Change password" })
  await form.waitFor()
  await form.getByLabel(/^Current password/).fill(current)
  await form.getByLabel(/^New password/).fill(next)
  await form.getByLabel(/^Confirm new password/).fill(next)
  await form.getByRole("button", { name: "Change password" }).click()
  await expect.poll(() => form.locator(".form-note, .form-error").first().textContent()).toBeTruthy()
  expect(await form.locator(".form-error").count()).toBe(0)
}
