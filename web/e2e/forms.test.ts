/**
 * Every error of a form after one submit (issue 18): the registration, KYC and transfer forms check with core's
 * schemas, which report every failing field, so one click shows a message under each field to fix, not the first.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import { headline, openContext, startServerAndBrowser, stopServerAndBrowser } from "./support/browser.ts"
import { newMember, registerAndConfirm, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

/** The messages shown under the fields of `form`, once they are `count`. */
const errorsShown = async (page: Page, form: string, count: number) => {
  const errors = page.locator(`form[aria-label="${form}"] .field__error`)
  await expect.poll(() => errors.count()).toBe(count)
  return errors.allTextContents()
}

describe("one submit shows every error", () => {
  it("registration: the email, first name and password at once, each with the spec's message", async () => {
    const { context, page } = await openContext(browser)
    await page.goto(`${server.url}/register`)
    await headline(page, "Register to buy Units")
    await page.getByLabel("Email").fill("a@b")
    await page.getByLabel("First Name").fill("A")
    await page.locator("input[name=password]").fill("secret")
    await page.getByLabel("Confirm password").fill("secret")
    await page.getByRole("button", { name: "Register" }).click()
    expect((await errorsShown(page, "Register to buy Units", 4)).toSorted()).toEqual([
      "Email must be at least 5 characters",
      "First Name must be at least 2 characters",
      "Password must contain at least one number",
      "Please accept the Terms and Conditions to register",
    ])
    // A rule across fields (the confirmation) runs once every field is valid on its own (docs/decisions.md).
    await page.getByLabel("Email").fill("ann@example.com")
    await page.getByLabel("First Name").fill("Ann")
    await page.locator("input[name=password]").fill("secret9")
    await page.getByRole("checkbox", { name: /I accept the Terms and Conditions/ }).check()
    await errorsShown(page, "Register to buy Units", 1)
    expect(await page.locator("#reg-landing-confirmPassword-error").textContent()).toBe(
      "Passwords must match",
    )
    await context.close()
  })

  it("KYC: in each section begun, every required detail left empty and every wrong one is named at once", async () => {
    const member = await registerAndConfirm(server, newMember("kyc-errors"))
    const { context, page } = await openContext(browser)
    await signIn(page, server, member)
    await page.goto(`${server.url}/dashboard/settings/kyc-verification`)
    const form = page.locator('form[aria-label="KYC details"]')
    // Two sections begun (a blank section is left out of the form), one with a wrong value.
    await form.getByLabel("House Number").fill("12")
    await form.getByLabel("Phone Number").fill("abc")
    await form.getByRole("button", { name: "Save as draft" }).click()
    // The begun sections' required fields left empty, counted in the page; the phone number is wrong.
    const begun = form.locator("fieldset").filter({
      has: page.locator("input[name='address.houseNumber'], input[name='contactInfo.phoneNumber']"),
    })
    const emptyRequired = await begun
      .locator('input[aria-required="true"]')
      .evaluateAll((inputs) => inputs.filter((i) => (i as HTMLInputElement).value === "").length)
    expect(emptyRequired).toBeGreaterThanOrEqual(5)
    const shown = await errorsShown(page, "KYC details", emptyRequired + 1)
    expect(shown.every((message) => message.length > 0)).toBe(true)
    expect(await form.locator("input[name='contactInfo.phoneNumber']").getAttribute("aria-invalid")).toBe(
      "true",
    )
    expect(await form.locator("input[name='address.houseNumber']").getAttribute("aria-invalid")).toBe("false")
    await context.close()
  })

  it("an order form: the number of Units and the recipient's email together", async () => {
    const member = await registerAndConfirm(server, newMember("order-errors"))
    const { context, page } = await openContext(browser)
    await signIn(page, server, member)
    await page.goto(`${server.url}/dashboard/transaction?tab=transfer`)
    await headline(page, "Transfer Units")
    await page.getByLabel("Number of Units").fill("2.5")
    await page.getByLabel("Recipient's email").fill("nobody")
    await page.getByRole("button", { name: "Find recipient" }).click()
    const shown = await errorsShown(page, "Transfer Units", 2)
    expect(await page.locator("#transfer-numberOfUnits-error").textContent()).toBe(shown[0])
    expect(await page.locator("#transfer-recipientEmail-error").textContent()).toBe(shown[1])
    await context.close()
  })
})
