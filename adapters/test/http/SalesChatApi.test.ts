/** The sales chat over HTTP: the member's thread, the form's rules, and an admin's reply reaching the member. */
import { adminActor } from "@landunits/core/access/AccessModel.ts"
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { newMember } = apiMembers(server)

describe("sales chat API", () => {
  it("a member writes, the team's reply appears in the thread without the admin's id, and the member is emailed", async () => {
    const member = await newMember("chatty@example.com")
    expect(await json(await member.get("/api/saleschat/thread"))).toMatchObject({
      messages: [],
      awaitingReply: false,
    })
    const posted = await json(
      await member.post("/api/saleschat/messages", { text: "  Do you sell 10,000 Units?  " }),
    )
    expect(posted.awaitingReply).toBe(true)
    expect(posted.messages).toEqual([
      expect.objectContaining({ from: "member", text: "Do you sell 10,000 Units?" }),
    ])

    const adminId = MemberId.make("mem_admin_for_chat")
    await server.run(
      SalesChatService.use((chat) =>
        chat.reply(
          adminActor(adminId),
          MemberId.make(posted.memberId),
          "Sam from Sales",
          "Yes, by bank transfer.",
        ),
      ),
    )
    const thread = await json(await member.get("/api/saleschat/thread"))
    expect(thread.awaitingReply).toBe(false)
    expect(thread.messages.at(-1)).toMatchObject({
      from: "team",
      authorName: "Sam from Sales",
      text: "Yes, by bank transfer.",
    })
    expect(JSON.stringify(thread)).not.toContain(adminId)
    const mails = await server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{
          template: string
        }>`SELECT template FROM mail_outbox WHERE to_address = ${"chatty@example.com"}`
      }),
    )
    expect(mails.map((m) => m.template)).toContain("saleschat-reply")
  })

  it("a blank or over-long message answers 400 with the form's message on `text`", async () => {
    const member = await newMember("blank-chat@example.com")
    const blank = await member.post("/api/saleschat/messages", { text: "   " })
    expect(blank.status).toBe(400)
    expect((await json(blank)).errors).toEqual([{ path: "text", message: "Please write a message" }])
    const long = await member.post("/api/saleschat/messages", { text: "x".repeat(2001) })
    expect(long.status).toBe(400)
    expect((await json(long)).errors).toEqual([
      { path: "text", message: "A message must be at most 2,000 characters" },
    ])
  })
})
