/**
 * Browser tests of the governance, community and sales chat pages against the real server: one server and one
 * browser for the file. Members vote after passing a quiz (a failed quiz refuses the ballot), see a closed
 * vote's results, post and upvote ideas, ask a question an agent answers, and read the sales team's reply the
 * admin sent through the CLI. Each page: axe at 1280 px (no serious or critical violation), screenshots at 375
 * and 1280 px.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { QUIZ_NOT_PASSED } from "../src/machines/voteMachine.ts"
import { mailCount, type RunningServer } from "./server.ts"
import {
  answerQuestion,
  answerQuiz,
  applyAsAgent,
  approveAgent,
  askQuestion,
  castBallot,
  HEDGEROWS_VOTE,
  lookAt,
  ownUnits,
  pendingApplicationId,
  postIdea,
  replyAsSalesTeam,
  sendSalesMessage,
  upvoteIdea,
} from "./steps/community.ts"
import { pageApi } from "./support/api.ts"
import { openContext, startServerAndBrowser, stopServerAndBrowser } from "./support/browser.ts"
import { adminCli } from "./support/cli.ts"
import { type Member, registerAdmin, registerAndConfirm, signIn } from "./support/members.ts"

const VOTE = HEDGEROWS_VOTE.title
const QUIZ_QUESTION = HEDGEROWS_VOTE.question
const RIGHT = HEDGEROWS_VOTE.rightAnswer
const WRONG = HEDGEROWS_VOTE.wrongAnswer

const admin: Member = {
  email: "ops-community@example.com",
  password: "Admin2026",
  firstName: "Olga",
  lastName: "Tester",
}
const ann: Member = {
  email: "ann-community@example.com",
  password: "AnnVotes1",
  firstName: "Ann",
  lastName: "Tester",
}
const ben: Member = {
  email: "ben-community@example.com",
  password: "BenAgent1",
  firstName: "Ben",
  lastName: "Tester",
}

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
  await registerAdmin(server, admin)
  await registerAndConfirm(server, ann)
  await registerAndConfirm(server, ben)
}, 180_000)

afterAll(() => stopServerAndBrowser(server, browser))

describe("governance", () => {
  it("a failed quiz refuses the ballot; after passing it the member votes once, and the land projects show their impact", async () => {
    const { context, page } = await openContext(browser)
    await signIn(page, server, ann)
    await ownUnits(page, server, admin)
    await lookAt(page, server, "/dashboard/projects/open", "Open Voting", "open-voting")
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: VOTE }) })
    expect(await card.getByText("Not voted yet").count()).toBe(1)

    await answerQuiz(page, VOTE, { [QUIZ_QUESTION]: WRONG })
    await card.getByText(QUIZ_NOT_PASSED).waitFor()
    expect(await card.getByText("This answer is not right.").count()).toBe(1)
    expect(await page.getByRole("form", { name: `Ballot: ${VOTE}` }).count()).toBe(0)
    // The server refuses the ballot too, whatever the page shows.
    const refused = await pageApi(page, "POST", "/api/governance/votes/vote_hedgerows/ballot", {
      answer: "y",
    })
    expect(refused.status()).toBeGreaterThanOrEqual(400)
    expect((await refused.json()).message).toBeTruthy()

    await answerQuiz(page, VOTE, { [QUIZ_QUESTION]: RIGHT })
    await castBallot(page, VOTE, "Yes")
    await page.reload()
    await card.getByText("You have voted").waitFor()
    expect(await card.getByText("Quiz passed").count()).toBe(1)
    expect(await page.getByRole("form", { name: `Quiz: ${VOTE}` }).count()).toBe(0)

    await lookAt(page, server, "/dashboard/land-projects", "Land Project Details", "land-projects")
    expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(0)
    expect(await page.getByText("Impact metrics").count()).toBeGreaterThan(0)
    expect(await page.locator(".cm-metrics dt", { hasText: "CO₂ offset" }).count()).toBeGreaterThan(0)
    await lookAt(
      page,
      server,
      "/dashboard/What-are-Land-Units",
      "What are Land Units?",
      "what-are-land-units",
    )
    await context.close()
  })

  it("a member who owns no Unit is told so instead of a ballot; a vote the admin closes shows its result", async () => {
    const { context, page } = await openContext(browser)
    await signIn(page, server, ben)
    await page.goto(`${server.url}/dashboard/projects/open`)
    await page.getByText("Voting is open to members who own at least one Unit.").waitFor()

    await adminCli(server, admin.email, "--yes", "content", "close-vote", "vote_hedgerows")
    await lookAt(page, server, "/dashboard/projects/close", "Closed Voting", "closed-voting")
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: VOTE }) })
    await card.getByText("Result:").waitFor()
    expect(await card.locator(".cm-results strong").textContent()).toBe("Yes")
    expect(await card.getByText("Yes 1 · No 0").count()).toBe(1)
    expect(await card.getByText("Your vote: No vote made").count()).toBe(1)
    await page.goto(`${server.url}/dashboard/projects/open`)
    await page.getByText("No vote is open right now.").waitFor()
    await context.close()
  })
})

describe("community", () => {
  it("a member posts an idea and another upvotes it once", async () => {
    const a = await openContext(browser)
    await signIn(a.page, server, ann)
    await postIdea(a.page, server, "Hedgerow planting day", "Members plant hedgerows together once a year.")
    expect(await a.page.getByText("Your idea", { exact: true }).count()).toBe(1)
    expect(await a.page.getByRole("button", { name: "Upvote: Hedgerow planting day" }).count()).toBe(0)

    const b = await openContext(browser)
    await signIn(b.page, server, ben)
    await upvoteIdea(b.page, server, "Hedgerow planting day")
    expect(await b.page.locator(".cm-actions strong").textContent()).toBe("▲ 1 upvote")
    await lookAt(b.page, server, "/dashboard/community-ideas", "Community Ideas", "community-ideas")
    await a.context.close()
    await b.context.close()
  })

  it("a member asks a question; a second member becomes an agent (approved through the CLI) and answers it; the asker sees the answer", async () => {
    const question = "How often are the Dordogne hedgerows inspected?"
    const answer = "Twice a year, in spring and autumn, by the project manager."
    const a = await openContext(browser)
    await signIn(a.page, server, ann)
    await lookAt(a.page, server, "/dashboard/community/ask-question", "Ask a question", "ask-question")
    await askQuestion(a.page, server, question)

    const b = await openContext(browser)
    await signIn(b.page, server, ben)
    await lookAt(
      b.page,
      server,
      "/dashboard/community/become-agent",
      "Become a community agent",
      "become-agent",
    )
    await applyAsAgent(b.page, server, "I farm hedgerows myself", "Twenty years of mixed farming in Kent.")
    expect(await approveAgent(server, admin, await pendingApplicationId(b.page))).toContain("Approved")
    await b.page.reload()
    await b.page.getByText("You are a community agent.").waitFor()
    await answerQuestion(b.page, server, question, answer)
    await lookAt(b.page, server, "/dashboard/questions/open", "Open questions", "questions-open")

    await lookAt(a.page, server, "/dashboard/community/your-question", "Your questions", "your-question")
    const item = a.page.getByRole("listitem").filter({ has: a.page.getByRole("heading", { name: question }) })
    await item.getByText(answer).waitFor()
    expect(await item.getByText("Your question").count()).toBe(1)
    // The asker is not an agent: no answer form.
    expect(await a.page.getByLabel("Your answer").count()).toBe(0)

    // The agent closes it; it moves to the closed lists.
    await b.page.goto(`${server.url}/dashboard/questions/open`)
    const open = b.page.getByRole("listitem").filter({ has: b.page.getByRole("heading", { name: question }) })
    await open.getByRole("button", { name: "Close question" }).click()
    await open.waitFor({ state: "detached" })
    await lookAt(a.page, server, "/dashboard/questions/close", "Closed questions", "questions-close")
    await a.page.getByRole("heading", { name: question }).waitFor()
    await lookAt(a.page, server, "/dashboard/community/close-question", "Closed questions", "close-question")
    const closed = a.page
      .getByRole("listitem")
      .filter({ has: a.page.getByRole("heading", { name: question }) })
    await closed.getByRole("button", { name: "Reopen question" }).click()
    // Reopened, it leaves the closed list: only then is the request known to be done (a navigation at once could
    // cancel it, as it would a member's who left the page before the answer came).
    await closed.waitFor({ state: "detached" })
    await lookAt(a.page, server, "/dashboard/community/open-question", "Open questions", "open-question")
    await a.page.getByRole("heading", { name: question }).waitFor()
    await a.context.close()
    await b.context.close()
  })
})

describe("sales chat", () => {
  it("a member writes to the sales team; the admin's reply through the CLI appears in the thread and is emailed", async () => {
    const { context, page } = await openContext(browser)
    await signIn(page, server, ann)
    await page.goto(`${server.url}/dashboard/saleschat`)
    await page.getByText("No message yet.").waitFor()
    await page.getByRole("button", { name: "Send message" }).click()
    await page.getByText("Please write a message").waitFor()

    await sendSalesMessage(page, server, "Can my company buy 20,000 Units by bank transfer?")
    await page.getByText("The sales team has your message").waitFor()
    const emailsBefore = mailCount(server.dataDir, ann.email)
    expect(
      await replyAsSalesTeam(server, admin, ann, "Yes: open a business account and we send the details."),
    ).toContain(`${ann.email}: answered as Olga from the sales team`)
    await page.getByRole("button", { name: "Check for answers" }).click()
    const thread = page.getByRole("list", { name: "Conversation with the sales team" })
    await thread.getByText("Yes: open a business account and we send the details.").waitFor()
    expect(await thread.getByText(/^Olga from the sales team · [A-Z][a-z]{2} \d/).count()).toBe(1)
    await expect
      .poll(() => mailCount(server.dataDir, ann.email), { timeout: 20_000 })
      .toBeGreaterThan(emailsBefore)
    await lookAt(page, server, "/dashboard/saleschat", "Sales chat", "saleschat")
    await thread.getByText("Yes: open a business account").waitFor()
    await context.close()
  })
})
