/**
 * The rest of spec §7 and the content routes over HTTP (the order, statement, profile and registration
 * flows are in ApiFlows; issue 5's new read models in Endpoints): each route's happy path, its invalid input
 * (400 with the messages) and its conflicts. Anonymous refusal of every member route is RouteWalk's.
 */
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { AccountMessages } from "@landunits/core/accounts/AccountErrors.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { ContentMessages } from "@landunits/core/content/ContentService.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { anonymous, signedIn, newMember, tokenFor } = apiMembers(server)

describe("the public site's content over HTTP", () => {
  it("lists news newest first, narrowed by category, with the categories for the All / category links", async () => {
    const client = await anonymous()
    const news = await json(await client.get("/api/content/news"))
    expect(news.length).toBeGreaterThan(1)
    const times = news.map((a: { publishedAt: number }) => a.publishedAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const categories = await json(await client.get("/api/content/news/categories"))
    expect(categories.map((c: { slug: string }) => c.slug).sort()).toEqual(
      [...new Set(news.map((a: { category: { slug: string } }) => a.category.slug))].sort(),
    )
    const slug = categories[0].slug
    const narrowed = await json(await client.get(`/api/content/news?category=${slug}`))
    expect(narrowed.length).toBeGreaterThan(0)
    expect(narrowed.every((a: { category: { slug: string } }) => a.category.slug === slug)).toBe(true)
    expect(await json(await client.get("/api/content/news?category=no-such-category"))).toEqual([])
  })

  it("answers the team, the FAQ and the references, the last two in their display order", async () => {
    const client = await anonymous()
    const team = await json(await client.get("/api/content/team"))
    expect(team.length).toBeGreaterThan(0)
    expect(Object.keys(team[0]).sort()).toEqual(["designation", "img", "name"])
    for (const path of ["/api/content/faq", "/api/content/references"]) {
      const entries = await json(await client.get(path))
      expect(entries.length, path).toBeGreaterThan(0)
      const order = entries.map((e: { order: number }) => e.order)
      expect(order, path).toEqual([...order].sort((a, b) => a - b))
    }
  })

  it("subscribes to the newsletter by a link in an email, once; refuses an invalid email and a used link", async () => {
    const client = await anonymous()
    const invalid = await client.post("/api/subscribe/subscribeUser", { email: "not-an-email" })
    expect(invalid.status).toBe(400)
    expect((await json(invalid)).errors).toEqual([{ path: "email", message: "Invalid email format" }])
    const first = await client.post("/api/subscribe/subscribeUser", { email: "reader@example.com" })
    expect((await json(first)).message).toBe(ContentMessages.subscribed)
    const token = await tokenFor("reader@example.com", "newsletter-verification")
    const verified = await client.get(`/api/subscribe/subscriberVerification/${token}`)
    expect((await json(verified)).message).toBe(ContentMessages.subscriptionConfirmed)
    const used = await client.get(`/api/subscribe/subscriberVerification/${token}`)
    expect(used.status).toBe(400)
    expect((await json(used)).message).toBe(ContentMessages.subscriptionLinkInvalid)
    const again = await client.post("/api/subscribe/subscribeUser", { email: "reader@example.com" })
    expect((await json(again)).message).toBe(ContentMessages.alreadySubscribed)
  })

  it("takes a contact message, and refuses one without a name with its message", async () => {
    const client = await anonymous()
    const sent = await client.post("/api/user/create_contact_form_email", {
      name: "Rita",
      email: "rita@example.com",
      message: "How are projects chosen?",
    })
    expect(sent.status).toBe(200)
    expect((await json(sent)).message).toBe(ContentMessages.contactSent)
    const nameless = await client.post("/api/user/create_contact_form_email", {
      name: " ",
      email: "rita@example.com",
      // A message long enough: the answer reports every failing field, and only the name fails here.
      message: "How are projects chosen?",
    })
    expect(nameless.status).toBe(400)
    expect((await json(nameless)).errors).toEqual([{ path: "name", message: "Name is required" }])
  })
})

describe("accounts over HTTP", () => {
  it("resets a forgotten password by a single-use link; the answer never tells whether the account exists", async () => {
    const member = await newMember("forgetful@example.com", "first1pass")
    const client = await anonymous()
    const known = await json(await client.post("/api/auth/login/forgot", { email: "forgetful@example.com" }))
    const unknown = await json(await client.post("/api/auth/login/forgot", { email: "nobody@example.com" }))
    expect(known).toEqual({ message: AccountMessages.resetSent })
    expect(unknown).toEqual(known)
    const token = await tokenFor("forgetful@example.com", "reset-password")
    expect((await client.get(`/api/auth/verify_password_token/${token}`)).status).toBe(200)
    const weak = await client.post(`/api/auth/login/reset/${token}`, { password: "abcdef" })
    expect(weak.status).toBe(400)
    expect((await json(weak)).errors).toEqual([
      { path: "password", message: "Password must contain at least one number" },
    ])
    expect((await client.post(`/api/auth/login/reset/${token}`, { password: "second2pass" })).status).toBe(
      200,
    )
    const reused = await client.post(`/api/auth/login/reset/${token}`, { password: "third3pass" })
    expect(reused.status).toBe(400)
    expect((await json(reused)).message).toBe(AccountMessages.tokenInvalid)
    expect((await client.get(`/api/auth/verify_password_token/${token}`)).status).toBe(400)
    expect(
      (await client.post("/api/auth/login", { email: "forgetful@example.com", password: "second2pass" }))
        .status,
    ).toBe(200)
    // The reset ended the member's other sessions.
    expect((await member.get("/api/user")).status).toBe(401)
  })

  it("resends a confirmation and cancels a pending registration, answering alike for unknown emails", async () => {
    const client = await anonymous()
    await client.post("/api/user/register", {
      email: "pending@example.com",
      firstName: "Pat",
      lastName: "Pending",
      password: "secret7",
      userType: "USER",
      termsAccepted: true,
    })
    const resent = await json(
      await client.post("/api/auth/send-confirmation", { email: "pending@example.com" }),
    )
    expect(resent).toEqual({ message: AccountMessages.confirmationResent })
    expect(
      await json(await client.post("/api/auth/send-confirmation", { email: "nobody@example.com" })),
    ).toEqual(resent)
    const cancelled = await client.post("/api/user/register/cancel", { email: "pending@example.com" })
    expect((await json(cancelled)).message).toBe(AccountMessages.registrationCancelled)
    // The email is free again.
    const again = await client.post("/api/user/register", {
      email: "pending@example.com",
      firstName: "Pat",
      lastName: "Pending",
      password: "secret7",
      userType: "USER",
      termsAccepted: true,
    })
    expect(again.status).toBe(200)
  })

  it("changes the password with the current one; refuses a wrong current password and a mismatch", async () => {
    const client = await newMember("changer@example.com", "start1pass")
    const mismatch = await client.post("/api/user/update_user_password", {
      currentPassword: "start1pass",
      newPassword: "Better2Pass",
      confirmNewPassword: "Better3Pass",
    })
    expect(mismatch.status).toBe(400)
    expect((await json(mismatch)).errors).toEqual([
      { path: "confirmNewPassword", message: "Passwords must match" },
    ])
    const wrong = await client.post("/api/user/update_user_password", {
      currentPassword: "not-it-1",
      newPassword: "Better2Pass",
      confirmNewPassword: "Better2Pass",
    })
    expect(wrong.status).toBe(401)
    const changed = await client.post("/api/user/update_user_password", {
      currentPassword: "start1pass",
      newPassword: "Better2Pass",
      confirmNewPassword: "Better2Pass",
    })
    expect(changed.status).toBe(200)
    expect((await client.get("/api/user")).status).toBe(200)
    const fresh = await anonymous()
    expect(
      (await fresh.post("/api/auth/login", { email: "changer@example.com", password: "Better2Pass" })).status,
    ).toBe(200)
  })

  it("looks up a transfer recipient's name by email (first name and initial); unknown 404, blank 400, one's own 400, the 21st in an hour 429", async () => {
    const client = await newMember("sender@example.com")
    const found = await client.get(`/api/user/getUserNameByEmail?email=${encodeURIComponent(DEMO_EMAIL)}`)
    expect(found.status).toBe(200)
    expect(await json(found)).toEqual({ name: "Dana D." })
    const own = await client.get("/api/user/getUserNameByEmail?email=sender%40example.com")
    expect(own.status).toBe(400)
    expect((await json(own)).message).toBe("You cannot transfer Units to yourself")
    expect((await client.get("/api/user/getUserNameByEmail?email=nobody%40example.com")).status).toBe(404)
    const blank = await client.get("/api/user/getUserNameByEmail?email=")
    expect(blank.status).toBe(400)
    expect((await json(blank)).errors).toEqual([{ path: "email", message: "Email is required" }])
    // 2 look-ups counted so far: the blank one was refused before it reached the member's count, and one's own
    // address at once, by the transfer's own rule (RecipientLookup.ts `requireAnotherMember`).
    for (let i = 0; i < 18; i++)
      expect((await client.get(`/api/user/getUserNameByEmail?email=walk${i}%40example.com`)).status).toBe(404)
    const limited = await client.get(`/api/user/getUserNameByEmail?email=${encodeURIComponent(DEMO_EMAIL)}`)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3500)
  })

  it("answers today's price of every unit type with its fees", async () => {
    const client = await signedIn()
    const prices = await json(await client.get("/api/order/get_price"))
    expect(prices.map((p: { unitType: string }) => p.unitType)).toEqual([
      "LAND_EUR",
      "LAND_USD",
      "LAND_AUD",
      "LAND_POUND",
    ])
    expect(
      prices.every((p: { pricePerUnit: number }) => Number.isInteger(p.pricePerUnit) && p.pricePerUnit > 0),
    ).toBe(true)
    expect(prices[2].buyOrderTransactionFeeInCents).toBe(160)
  })
})

describe("the community's questions and agents over HTTP", () => {
  it("an agent answers and closes a question, only the asker reopens it; a member applies to be an agent once", async () => {
    const asker = await signedIn()
    const question = await json(
      await asker.post("/api/community/create-question", { question: "How often is the soil tested?" }),
    )
    const empty = await asker.post("/api/community/create-question", { question: "   " })
    expect(empty.status).toBe(400)

    const agent = await newMember("agent@example.com")
    const notYet = await agent.post("/api/community/answer-question", {
      questionId: question.questionId,
      answerText: "Twice a year.",
    })
    expect(notYet.status).toBe(403)
    const applied = await agent.post("/api/community/becomeCommunityAgent", {
      reason: "I farm organically",
      experienceAndMotivation: "Ten years of soil work",
    })
    expect(applied.status).toBe(200)
    const application = await json(applied)
    expect(
      (
        await agent.post("/api/community/becomeCommunityAgent", {
          reason: "Again",
          experienceAndMotivation: "Again",
        })
      ).status,
    ).toBe(409)
    await server.run(
      Effect.flatMap(CommunityService, (c) =>
        c.decideApplication(
          { ...memberActor(MemberId.make("mem_demo")), isAdmin: true },
          application.applicationId,
          "Approved",
        ),
      ),
    )
    const answered = await agent.post("/api/community/answer-question", {
      questionId: question.questionId,
      answerText: "Twice a year.",
    })
    expect(answered.status).toBe(200)
    expect(
      (await agent.post("/api/community/close-question", { questionId: question.questionId })).status,
    ).toBe(200)
    expect(
      (await agent.post("/api/community/reopen-question", { questionId: question.questionId })).status,
    ).toBe(403)
    const reopened = await asker.post("/api/community/reopen-question", { questionId: question.questionId })
    expect(reopened.status).toBe(200)
    expect((await json(reopened)).status).toBe("Open")
    expect(
      (await asker.post("/api/community/reopen-question", { questionId: question.questionId })).status,
    ).toBe(409)
    expect((await asker.post("/api/community/reopen-question", { questionId: "q_unknown" })).status).toBe(404)
  })
})
