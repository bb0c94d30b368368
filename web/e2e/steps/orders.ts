/**
 * Reusable browser steps of the member's order flows (web/e2e/orders.test.ts), written so that a longer journey
 * test can chain them: buy (bank transfer, test-mode card), sell, transfer and convert through the order pages.
 * Members, sign-in and the admin CLI are in ../support.
 */
import { BUY_CONFIRMATION_WORDS } from "@landunits/core/orders/BuyReview.ts"
import type { Page } from "playwright-core"
import { expect } from "vitest"
import type { RunningServer } from "../server.ts"
import { headline } from "../support/browser.ts"

/** The orderId query parameter of the page the browser is on. */
export const orderIdOf = (page: Page): string => new URL(page.url()).searchParams.get("orderId") ?? ""

export type CardMethodLabel = "Card (Stripe)" | "Card (Square)"
export type MethodLabel = CardMethodLabel | "Bank transfer" | "Crypto"

/**
 * On the buy's review (issue 46): the purchase-order reference if given, the business-purpose confirmation ticked,
 * then "Buy Units".
 */
export const confirmBuyReview = async (
  page: Page,
  options: { readonly purchaseOrderReference?: string } = {},
) => {
  const review = page.getByRole("region", { name: "Review your buy" })
  await review.waitFor()
  if (options.purchaseOrderReference !== undefined)
    await review.getByLabel("Purchase-order reference").fill(options.purchaseOrderReference)
  await review.getByLabel(BUY_CONFIRMATION_WORDS).check()
  await review.getByRole("button", { name: "Buy Units" }).click()
}

/** Fills the Buy tab, reviews it and places it; answers when the payment page of the method is shown. */
export const placeBuy = async (
  page: Page,
  server: RunningServer,
  options: {
    readonly units: number
    readonly method: MethodLabel
    readonly unit?: string
    readonly purchaseOrderReference?: string
  },
) => {
  await page.goto(`${server.url}/dashboard/transaction?tab=buy`)
  await headline(page, "Buy Units")
  if (options.unit !== undefined) await page.getByLabel("Unit type").selectOption({ label: options.unit })
  await page.getByLabel("Number of Units").fill(String(options.units))
  await page.getByRole("radio", { name: new RegExp(`^${escapeRegExp(options.method)}`) }).check()
  await page.getByRole("button", { name: "Review your buy" }).click()
  await confirmBuyReview(
    page,
    options.purchaseOrderReference === undefined
      ? {}
      : { purchaseOrderReference: options.purchaseOrderReference },
  )
  await page.waitForURL(/\/dashboard\/buy-units\/payment-/)
  return orderIdOf(page)
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Bank transfer: the page shows the reference (last 5 characters of the order id); "I have made the transfer". */
export const buyByBank = async (page: Page, server: RunningServer, units: number) => {
  const orderId = await placeBuy(page, server, { units, method: "Bank transfer" })
  await expect.poll(() => page.locator(".payment-reference").textContent()).toBe(orderId.slice(-5))
  await page.getByRole("button", { name: "I have made the transfer" }).click()
  await page.waitForURL(/\/dashboard\/buy-units\/payment\/success/)
  await headline(page, "Thank you for your purchase")
  return orderId
}

/**
 * Crypto: choose the coin, see the amount in coin and the receiving address, send the transaction hash
 * ("I have sent the coins"); answers the order id and what the page showed.
 */
export const buyByCrypto = async (
  page: Page,
  server: RunningServer,
  units: number,
  transactionHash: string,
) => {
  const orderId = await placeBuy(page, server, { units, method: "Crypto" })
  await page.getByRole("button", { name: /Pay with Bitcoin/ }).click()
  await expect.poll(() => page.getByRole("heading", { name: "Send Bitcoin (BTC)" }).count()).toBe(1)
  const shown = {
    amount: (await page.locator(".payment-details strong").textContent()) ?? "",
    address: (await page.locator(".payment-address").textContent()) ?? "",
  }
  await page.getByRole("textbox", { name: "Transaction hash" }).fill(transactionHash)
  await page.getByRole("button", { name: "I have sent the coins" }).click()
  await page.waitForURL(/\/dashboard\/buy-units\/payment\/success/)
  await headline(page, "Thank you for your purchase")
  return { orderId, shown }
}

/** A card in the built-in test mode: the page says "Test mode"; the test card decides the outcome. */
export const payWithTestCard = async (page: Page, card: string) => {
  await expect.poll(() => page.getByText("Test mode", { exact: true }).count()).toBeGreaterThan(0)
  await page.getByLabel("Card number").fill(card)
  await page.getByRole("button", { name: "Pay (test mode)" }).click()
}

export const buyByTestCard = async (
  page: Page,
  server: RunningServer,
  options: { readonly units: number; readonly method: CardMethodLabel; readonly card: string },
) => {
  const orderId = await placeBuy(page, server, { units: options.units, method: options.method })
  await payWithTestCard(page, options.card)
  return orderId
}

/** The holding row of the result page: Units Owned, Bought - Pending, Converted (Locked), Sold - Pending. */
export const holdingRow = async (page: Page) => {
  const cells = await page.locator(".order-result .data-table tbody td").allTextContents()
  const [owned, pendingBuy, convertLocked, pendingSell] = cells.map((c) => Number(c.replace(/,/g, "")))
  return { owned, pendingBuy, convertLocked, pendingSell }
}

/** Sells on the Sell tab, through its review ("Confirm sale"); answers the order id of the sell's success page. */
export const sellUnits = async (page: Page, server: RunningServer, units: number) => {
  await page.goto(`${server.url}/dashboard/transaction?tab=sell`)
  await headline(page, "Sell Units")
  await page.getByLabel("Number of Units").fill(String(units))
  await page.getByRole("button", { name: "Review sale" }).click()
  await page.getByRole("button", { name: "Confirm sale" }).click()
  await page.waitForURL(/\/dashboard\/sell-units\/success/)
  await headline(page, "Your sale is placed")
  return orderIdOf(page)
}

/** Transfers on the Transfer tab: the recipient's name is shown before anything is sent. */
export const transferUnits = async (
  page: Page,
  server: RunningServer,
  options: { readonly units: number; readonly recipientEmail: string; readonly recipientName: string },
) => {
  await page.goto(`${server.url}/dashboard/transaction?tab=transfer`)
  await headline(page, "Transfer Units")
  await page.getByLabel("Number of Units").fill(String(options.units))
  await page.getByLabel("Recipient's email").fill(options.recipientEmail)
  await page.getByRole("button", { name: "Find recipient" }).click()
  await expect
    .poll(() => page.locator(".order-recipient__found").textContent())
    .toContain(options.recipientName)
  // Nothing was sent yet: still on the form.
  expect(page.url()).toContain("/dashboard/transaction")
  await page
    .getByRole("button", { name: `Transfer ${options.units} Units to ${options.recipientName}` })
    .click()
  await page.waitForURL(/\/dashboard\/transfer\/success/)
  await headline(page, "Your transfer is complete")
  return orderIdOf(page)
}

/**
 * Converts on /dashboard/convert (from the unit type the member owns, LAND_USD → LAND_AUD by default), through
 * its review ("Confirm conversion").
 */
export const convertUnits = async (page: Page, server: RunningServer, units: number) => {
  await page.goto(`${server.url}/dashboard/convert`)
  await headline(page, "Convert Units")
  await page.getByLabel("Number of Units").fill(String(units))
  await page.getByRole("button", { name: "Review conversion" }).click()
  await page.getByRole("button", { name: "Confirm conversion" }).click()
  await page.waitForURL(/\/dashboard\/convert\/success/)
  await headline(page, "Your conversion is complete")
  return orderIdOf(page)
}
