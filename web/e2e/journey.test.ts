/**
 * Issue 9's journey, as a new member lives it, in one browser page from sign-up to the end: register, confirm from
 * the mail file and sign in; KYC with a passport PDF, approved by the admin with the CLI; buy by bank transfer
 * (Pending until the admin confirms the payment with the CLI, then Owned), by test-mode card, and with Bitcoin at the
 * admin's coin price (confirmed by the admin the same way); sell, transfer to
 * another member, convert into Units locked for 30 days; a statement that names those orders; a vote after its
 * quiz; a question that an agent answers. The `it` blocks run in order and share the page: each one goes on from
 * where the last one stopped. It chains the area steps (steps/*.ts); their own files run axe and take screenshots,
 * so this one does neither.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import {
  answerQuestion,
  answerQuiz,
  applyAsAgent,
  approveAgent,
  askQuestion,
  castBallot,
  HEDGEROWS_VOTE,
  pendingApplicationId,
} from "./steps/community.ts"
import { approveKyc, downloadStatement, fillAndSubmitKyc, kycStatusShown } from "./steps/home.ts"
import {
  buyByBank,
  buyByCrypto,
  buyByTestCard,
  convertUnits,
  holdingRow,
  orderIdOf,
  sellUnits,
  transferUnits,
} from "./steps/orders.ts"
import { apiClient } from "./support/api.ts"
import { headline, openContext, startServerAndBrowser, stopServerAndBrowser } from "./support/browser.ts"
import { adminCliApproved, confirmPayment, DEMO_ADMIN } from "./support/cli.ts"
import {
  type Member,
  newMember,
  registerAdmin,
  registerAndConfirm,
  signIn,
  signUpAndSignIn,
} from "./support/members.ts"

const DAY_MS = 24 * 60 * 60 * 1000
const ADMIN: Member = {
  email: "ops-journey@landunits.example",
  password: "OpsJourney2026",
  firstName: "Olga",
  lastName: "Ops",
}
/** The other member: receives the transfer, then becomes the agent who answers the question. */
const PEER: Member = {
  email: "ada-journey@landunits.example",
  password: "AdaJourney2026",
  firstName: "Ada",
  lastName: "Lovelace",
}
const member = newMember("journey")
const orders = { bank: "", card: "", crypto: "", sell: "", transfer: "", convert: "" }
/** The server's Bitcoin receiving address (configuration, CRYPTO_BTC_ADDRESS). */
const BTC_ADDRESS = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

/** The member's holding on the result page once it shows `owned` Units owned (the page reads it after the order). */
const ownedBecomes = (owned: number) => expect.poll(async () => (await holdingRow(page)).owned).toBe(owned)

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser({ CRYPTO_BTC_ADDRESS: BTC_ADDRESS }))
  await registerAdmin(server, ADMIN)
  await registerAndConfirm(server, PEER)
  ;({ context, page } = await openContext(browser))
})

afterAll(async () => {
  await context?.close()
  await stopServerAndBrowser(server, browser)
})

describe("a new member's journey", () => {
  it("registers on /register, confirms the address from the mail file and signs in", async () => {
    await signUpAndSignIn(page, server, member)
    await headline(page, "What are Land Units?")
  })

  it("fills the KYC form with a passport PDF and submits it; once the admin approves it with the CLI it is Verified", async () => {
    await fillAndSubmitKyc(page, server)
    await approveKyc(server, ADMIN.email, member.email)
    expect(await kycStatusShown(page, server)).toBe("Verified")
  })

  it("buys by bank transfer: Pending until the admin confirms the payment with the CLI, then Owned", async () => {
    orders.bank = await buyByBank(page, server, 100)
    expect(await page.locator(".status-badge").textContent()).toBe("Payment sent")
    expect(await holdingRow(page)).toMatchObject({ owned: 0, pendingBuy: 100 })
    await confirmPayment(server, ADMIN.email, orders.bank)
    await page.reload()
    await headline(page, "Thank you for your purchase")
    await ownedBecomes(100)
    expect((await holdingRow(page)).pendingBuy).toBe(0)
  })

  it("buys by test-mode card: the Units are owned at once", async () => {
    orders.card = await buyByTestCard(page, server, {
      units: 20,
      method: "Card (Stripe)",
      card: "4242 4242 4242 4242",
    })
    await page.waitForURL(/\/dashboard\/buy-units\/payment\/success/)
    expect(orderIdOf(page)).toBe(orders.card)
    await ownedBecomes(120)
  })

  it("buys with Bitcoin at the admin's coin price: the address and the amount in coin, Pending until the admin confirms, then Owned", async () => {
    // Two admins (the demo's and this one): the coin's price is set once the other approves (four eyes).
    await adminCliApproved(
      server,
      ADMIN.email,
      DEMO_ADMIN,
      "pricing",
      "set-coin-price",
      "BITCOIN",
      "USD",
      "50000.00",
    )
    const { orderId, shown } = await buyByCrypto(page, server, 10, `0x${"ab12".repeat(16)}`)
    orders.crypto = orderId
    expect(shown.address).toBe(BTC_ADDRESS)
    const details = (await (
      await page.request.get(`${server.url}/api/order/get_order_details/${orderId}`)
    ).json()) as {
      orderData: { orderStatus: string; paymentDetails: { paymentAmount: number } }
    }
    // The amount in coin is the order's amount at 50,000.00 USD a coin.
    expect(Number(shown.amount.replace(" BTC", ""))).toBeCloseTo(
      details.orderData.paymentDetails.paymentAmount / 5_000_000,
      8,
    )
    expect(details.orderData.orderStatus).toBe("PaymentSent_FromUserCrypto")
    expect(await holdingRow(page)).toMatchObject({ owned: 120, pendingBuy: 10 })
    await confirmPayment(server, ADMIN.email, orderId)
    await page.reload()
    await headline(page, "Thank you for your purchase")
    await ownedBecomes(130)
  })

  it("sells: the Units wait in the sale queue, less the sale's fee", async () => {
    orders.sell = await sellUnits(page, server, 50)
    expect((await holdingRow(page)).pendingSell).toBe(40)
  })

  it("transfers to another member after seeing their name; the other member owns them", async () => {
    orders.transfer = await transferUnits(page, server, {
      units: 20,
      recipientEmail: PEER.email,
      recipientName: `${PEER.firstName} ${PEER.lastName[0]}.`,
    })
    const peer = apiClient(server.url)
    await peer.get("/api/health")
    expect((await peer.post("/api/auth/login", { email: PEER.email, password: PEER.password })).status).toBe(
      200,
    )
    const holdings = (await (await peer.get("/api/user/holdings")).json()) as {
      holdings: ReadonlyArray<{ unitType: string; owned: number }>
    }
    expect(holdings.holdings.find((h) => h.unitType === "LAND_USD")?.owned).toBe(20)
  })

  it("converts into Units locked for 30 days", async () => {
    orders.convert = await convertUnits(page, server, 30)
    expect((await holdingRow(page)).convertLocked).toBeGreaterThan(0)
    const details = (await (
      await page.request.get(`${server.url}/api/order/get_order_details/${orders.convert}`)
    ).json()) as { orderData: { orderStatus: string; createdAt: string } }
    expect(details.orderData.orderStatus).toBe("Locked")
    const lockedUntil = formatDateTimeZoned(Date.parse(details.orderData.createdAt) + 30 * DAY_MS)
    expect(await page.locator(".order-result").textContent()).toContain(`Locked until${lockedUntil}`)
  })

  it("downloads a statement that names each of these orders", async () => {
    const today = new Date().toISOString().slice(0, 10)
    const csv = await downloadStatement(page, server, {
      fromDate: "2020-01-01",
      toDate: today,
      format: "csv",
    })
    const text = csv.bytes.toString("utf8")
    for (const [kind, orderId] of Object.entries(orders)) {
      expect(orderId, kind).not.toBe("")
      expect(text, kind).toContain(orderId)
    }
  })

  it("passes an open vote's quiz and votes", async () => {
    await page.goto(`${server.url}/dashboard/projects/open`)
    await headline(page, "Open Voting")
    await answerQuiz(page, HEDGEROWS_VOTE.title, { [HEDGEROWS_VOTE.question]: HEDGEROWS_VOTE.rightAnswer })
    await castBallot(page, HEDGEROWS_VOTE.title, "Yes")
  })

  it("asks a question; the other member becomes an agent (approved with the CLI) and answers it; the member sees the answer", async () => {
    const question = "When are the new Units' trees planted?"
    const answer = "In November, once the ground is wet enough."
    await askQuestion(page, server, question)

    const agent = await openContext(browser)
    await signIn(agent.page, server, PEER)
    await applyAsAgent(agent.page, server, "I planted trees for years", "Ten years in forestry in Wales.")
    expect(await approveAgent(server, ADMIN, await pendingApplicationId(agent.page))).toContain("Approved")
    await answerQuestion(agent.page, server, question, answer)
    await agent.context.close()

    await page.goto(`${server.url}/dashboard/community/your-question`)
    await headline(page, "Your questions")
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: question }) })
    await item.getByText(answer).waitFor()
  })
})
