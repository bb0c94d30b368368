/**
 * Reusable browser steps of the governance, community and sales chat pages (web/e2e/community.test.ts), for
 * later end-to-end journeys to chain: each page step done the way a member does it. Members, sign-in, the API and
 * the admin CLI are in ../support.
 */
import * as path from "node:path"
import type { Page } from "playwright-core"
import { expect } from "vitest"
import type { RunningServer } from "../server.ts"
import { createBuyOrder, pageApi } from "../support/api.ts"
import { headline, SHOTS, seriousAxeViolations } from "../support/browser.ts"
import { adminCli, confirmPayment } from "../support/cli.ts"
import type { Member } from "../support/members.ts"

/** The demo data's open vote and its quiz (adapters/src/demo/DemoSeed.ts). */
export const HEDGEROWS_VOTE = {
  voteId: "vote_hedgerows",
  title: "Plant 5 km of hedgerows at Dordogne Mixed Woodland",
  question: "What do hedgerows mainly add to farmland?",
  rightAnswer: "Habitat for wildlife and shelter from wind",
  wrongAnswer: "More space for machinery",
} as const

/** The signed-in member buys Units by bank transfer and the admin confirms the payment: the member owns Units. */
export const ownUnits = async (page: Page, server: RunningServer, admin: Member, numberOfUnits = 2) => {
  const orderId = await createBuyOrder(page, { unitType: "LAND_EUR", numberOfUnits, paymentMethod: "bank" })
  await confirmPayment(server, admin.email, orderId)
  return orderId
}

/** Answers the vote's quiz (question text → option text) and sends it. */
export const answerQuiz = async (
  page: Page,
  voteTitle: string,
  answers: Readonly<Record<string, string>>,
) => {
  const quiz = page.getByRole("form", { name: `Quiz: ${voteTitle}` })
  for (const [question, option] of Object.entries(answers)) {
    await quiz.getByRole("group", { name: question }).getByLabel(option).check()
  }
  await quiz.getByRole("button", { name: "Check my answers" }).click()
}

/** Casts the ballot of an open vote whose quiz is passed; waits for the page to confirm it. */
export const castBallot = async (page: Page, voteTitle: string, answer: "Yes" | "No") => {
  const ballot = page.getByRole("form", { name: `Ballot: ${voteTitle}` })
  await ballot.getByLabel(answer, { exact: true }).check()
  await ballot.getByRole("button", { name: "Cast my vote" }).click()
  await page.getByText(`You voted ${answer}.`).waitFor()
}

/** Posts an idea on /dashboard/community-ideas. */
export const postIdea = async (page: Page, server: RunningServer, title: string, description: string) => {
  await page.goto(`${server.url}/dashboard/community-ideas`)
  await headline(page, "Community Ideas")
  const form = page.getByRole("form", { name: "Post an idea" })
  await form.getByLabel("Title").fill(title)
  await form.getByLabel("Description").fill(description)
  await form.getByRole("button", { name: "Post idea" }).click()
  await page.getByRole("heading", { name: title }).waitFor()
}

/** Upvotes another member's idea on /dashboard/community-ideas. */
export const upvoteIdea = async (page: Page, server: RunningServer, title: string) => {
  await page.goto(`${server.url}/dashboard/community-ideas`)
  await page.getByRole("button", { name: `Upvote: ${title}` }).click()
  await page.getByText("You upvoted this idea").waitFor()
}

/** Asks a question on the ask-question tile. */
export const askQuestion = async (page: Page, server: RunningServer, question: string) => {
  await page.goto(`${server.url}/dashboard/community/ask-question`)
  await headline(page, "Ask a question")
  await page.getByLabel("Your question").fill(question)
  await page.getByRole("button", { name: "Ask the community" }).click()
  await page.getByText("Your question is asked.").waitFor()
}

/** Applies to become a community agent on the become-agent tile. */
export const applyAsAgent = async (page: Page, server: RunningServer, reason: string, experience: string) => {
  await page.goto(`${server.url}/dashboard/community/become-agent`)
  await headline(page, "Become a community agent")
  await page.getByLabel("Reason").fill(reason)
  await page.getByLabel("Experience and motivation").fill(experience)
  await page.getByRole("button", { name: "Send my application" }).click()
  await page.getByText("Your application is waiting for an admin's decision.").waitFor()
}

/** The member's own pending agent application, read as the become-agent page reads it. */
export const pendingApplicationId = async (page: Page) => {
  const status = (await (await pageApi(page, "GET", "/api/community/agent-status")).json()) as {
    applications: ReadonlyArray<{ applicationId: string; status: string }>
  }
  const pending = status.applications.find((a) => a.status === "Pending")
  expect(pending).toBeDefined()
  return pending!.applicationId
}

/** The admin approves an agent application through the CLI (`agents approve`). */
export const approveAgent = (server: RunningServer, admin: Member, applicationId: string) =>
  adminCli(server, admin.email, "agents", "approve", applicationId)

/** An agent answers an open question on /dashboard/questions/open. */
export const answerQuestion = async (page: Page, server: RunningServer, question: string, answer: string) => {
  await page.goto(`${server.url}/dashboard/questions/open`)
  await headline(page, "Open questions")
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: question }) })
  await item.getByLabel("Your answer").fill(answer)
  await item.getByRole("button", { name: "Send answer" }).click()
  // In the saved answers' list, not the text box: React writes a controlled textarea's value into its text, so a
  // page-wide match is found before the server has the answer (and closing the page then would lose it).
  await item.getByRole("list", { name: "Answers" }).getByText(answer).waitFor()
}

/** Writes to the sales team on /dashboard/saleschat. */
export const sendSalesMessage = async (page: Page, server: RunningServer, text: string) => {
  await page.goto(`${server.url}/dashboard/saleschat`)
  await headline(page, "Sales chat")
  await page.getByLabel("Your message").fill(text)
  await page.getByRole("button", { name: "Send message" }).click()
  await page.getByRole("list", { name: "Conversation with the sales team" }).getByText(text).waitFor()
}

/** The admin answers the member's sales chat through the CLI. */
export const replyAsSalesTeam = (server: RunningServer, admin: Member, member: Member, text: string) =>
  adminCli(server, admin.email, "saleschat", "reply", member.email, text)

/**
 * Looks at a member page: a full-page screenshot at 375 and 1280 px, and axe at 1280 px with no serious or
 * critical violation. Leaves the page at 1280 px.
 */
export const lookAt = async (
  page: Page,
  server: RunningServer,
  route: string,
  title: string | RegExp,
  name: string,
) => {
  await page.setViewportSize({ width: 375, height: 900 })
  await page.goto(`${server.url}${route}`)
  await headline(page, title)
  await page.locator(".loading").waitFor({ state: "detached" })
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} at 375 px`).toBe(375)
  await page.screenshot({ path: path.join(SHOTS, `community-${name}-375.png`), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: path.join(SHOTS, `community-${name}-1280.png`), fullPage: true })
  expect(await seriousAxeViolations(page), route).toEqual([])
}
