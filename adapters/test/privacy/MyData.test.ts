/**
 * A member's own data over HTTP (issue 23): the export built by its background job, opened with the real `unzip`
 * and holding the member's data and nobody else's; another member cannot download it by its id; closing an account
 * with Units is refused in words; without, the member cannot sign in and their name is gone from what members see.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Duration, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { deliverDue } from "../../src/email/OutboxWorker.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { runDataExportRound, runRetentionPurgeRound } from "../../src/jobs/PrivacyJobs.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { newMember, anonymous } = apiMembers(server)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-mydata-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const buildExports = () => server.run(runDataExportRound(Duration.seconds(30)))
const query = <A extends object>(text: string, params: ReadonlyArray<unknown> = []) =>
  server.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<A>(text, params as Array<never>)))

const memberIdOf = async (email: string) =>
  (await query<{ member_id: string }>("SELECT member_id FROM accounts WHERE lower(email) = $1", [email]))[0]!
    .member_id

/** A buy by bank, cancelled: ledger entries that name the member, and no Units or open order left. */
const buyAndCancel = async (member: Awaited<ReturnType<typeof newMember>>, key: string) => {
  const created = await json(
    await member.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 3 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { headers: { "idempotency-key": `${key}-buy` } },
    ),
  )
  const orderId = created.orderCreatedData.orderId as string
  const cancelled = await member.post(
    "/api/order/cancel_order",
    { orderId },
    { headers: { "idempotency-key": `${key}-cancel` } },
  )
  expect(cancelled.status).toBe(200)
  return orderId
}

/** Saves a downloaded zip and answers `unzip`'s listing and one file's text. */
const unzip = (bytes: ArrayBuffer, name: string) => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, Buffer.from(bytes))
  execFileSync("unzip", ["-tq", file]) // every entry's CRC checks, or this throws
  const listing = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n")
  const read = (entry: string) => execFileSync("unzip", ["-p", file, entry], { encoding: "utf8" })
  const everything = listing
    .filter((e) => !e.endsWith("/"))
    .map(read)
    .join("\n")
  return { listing, read, everything }
}

describe("Download my data", () => {
  it("builds in the background, emails the member, and the zip holds A's data and none of B's", async () => {
    const a = await newMember("export-a@example.com")
    const b = await newMember("export-b@example.com")
    const aOrder = await buyAndCancel(a, "export-a")
    const bOrder = await buyAndCancel(b, "export-b")
    await a.post("/api/saleschat/messages", { text: "A asks about LAND_EUR" })
    await b.post("/api/saleschat/messages", { text: "B's own question" })

    const requested = await a.post("/api/user/data-exports", {})
    expect(requested.status).toBe(200)
    const { export: pending } = await json(requested)
    expect(pending).toMatchObject({ status: "building" })
    expect(pending.downloadPath).toBeUndefined()
    const early = await a.get(`/api/user/data-exports/${pending.exportId}/download`)
    expect(early.status).toBe(409)
    await b.post("/api/user/data-exports", {})

    expect(await buildExports()).toEqual({ built: 2, failed: 0 })
    const [ready] = (await json(await a.get("/api/user/data-exports"))).exports
    expect(ready).toMatchObject({ exportId: pending.exportId, status: "ready" })
    expect(Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)).toBe(7 * 24 * 60 * 60_000)
    const mail = await query<{ template: string; data: { exportId: string } }>(
      "SELECT template, data FROM mail_outbox WHERE to_address = $1 AND template = 'data-export-ready'",
      ["export-a@example.com"],
    )
    expect(mail.map((m) => m.data.exportId)).toEqual([pending.exportId])

    const download = await a.get(ready.downloadPath)
    expect(download.status).toBe(200)
    expect(download.headers.get("content-type")).toBe("application/zip")
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="landunits-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    expect(download.headers.get("cache-control")).toBe("no-store")
    const zip = unzip(await download.arrayBuffer(), "a.zip")
    expect(zip.listing).toEqual(
      expect.arrayContaining([
        "README.txt",
        "profile.json",
        "kyc/record.json",
        "orders.json",
        "orders.csv",
        "ledger-entries.json",
        "ledger-entries.csv",
        "votes.json",
        "messages/sales-chat.json",
        "messages/sales-chat.csv",
      ]),
    )
    const profile = JSON.parse(zip.read("profile.json"))
    expect(profile).toMatchObject({ email: "export-a@example.com", firstName: "New" })
    expect(profile.passwordHash).toBeUndefined()
    expect(JSON.parse(zip.read("orders.json")).map((o: { orderId: string }) => o.orderId)).toEqual([aOrder])
    expect(zip.read("orders.csv").split("\r\n")[1]).toMatch(
      new RegExp(`^${aOrder},BUY,Cancelled,LAND_EUR,3,bank,`),
    )
    const entries = JSON.parse(zip.read("ledger-entries.json"))
    expect(entries.length).toBeGreaterThanOrEqual(2)
    expect(entries.every((t: { order_id: string }) => t.order_id === aOrder)).toBe(true)
    expect(zip.read("messages/sales-chat.csv")).toContain("A asks about LAND_EUR")
    // Nobody else's rows: not B's order, message, email or member id, nor the demo member's.
    const bId = await memberIdOf("export-b@example.com")
    for (const foreign of [
      bOrder,
      "B's own question",
      "export-b@example.com",
      "demo@landunits.example",
      "Dana",
    ]) {
      expect(zip.everything, foreign).not.toContain(foreign)
    }
    expect(zip.everything).not.toContain(bId)
    expect(zip.everything).toContain(await memberIdOf("export-a@example.com"))
  })

  it("member B cannot download A's export by its id: 404 as for a missing one; a guest gets 401", async () => {
    const a = await newMember("idor-a@example.com")
    const { export: requested } = await json(await a.post("/api/user/data-exports", {}))
    await buildExports()
    const path = `/api/user/data-exports/${requested.exportId}/download`
    expect((await a.get(path)).status).toBe(200)

    const b = await newMember("idor-b@example.com")
    const intruding = await b.get(path)
    const missing = await b.get("/api/user/data-exports/exp_no_such_export/download")
    expect(intruding.status).toBe(404)
    expect(missing.status).toBe(404)
    expect((await json(intruding)).message.replace(requested.exportId, "ID")).toBe(
      (await json(missing)).message.replace("exp_no_such_export", "ID"),
    )
    expect(JSON.stringify((await json(await b.get("/api/user/data-exports"))).exports)).not.toContain(
      requested.exportId,
    )
    expect((await (await anonymous()).get(path)).status).toBe(401)
  })

  it("an export past its 7 days answers 410, and the purge job drops its archive", async () => {
    const a = await newMember("expiry-a@example.com")
    const { export: requested } = await json(await a.post("/api/user/data-exports", {}))
    await buildExports()
    await query("UPDATE data_exports SET expires_at = 1 WHERE export_id = $1", [requested.exportId])
    const gone = await a.get(`/api/user/data-exports/${requested.exportId}/download`)
    expect(gone.status).toBe(410)
    expect((await json(gone)).message).toBe("This download has expired. Ask for a new export of your data.")
    expect(
      (await server.run(runRetentionPurgeRound(Duration.minutes(60)))).exportsExpired,
    ).toBeGreaterThanOrEqual(1)
    const [row] = await query<{ status: string; ciphertext: unknown }>(
      "SELECT status, ciphertext FROM data_exports WHERE export_id = $1",
      [requested.exportId],
    )
    expect(row).toEqual({ status: "expired", ciphertext: null })
  })

  it("an archive is stored encrypted: the table never holds the zip's bytes", async () => {
    const a = await newMember("sealed-a@example.com")
    const { export: requested } = await json(await a.post("/api/user/data-exports", {}))
    await buildExports()
    const [row] = await query<{ ciphertext: Uint8Array }>(
      "SELECT ciphertext FROM data_exports WHERE export_id = $1",
      [requested.exportId],
    )
    const stored = Buffer.from(row!.ciphertext)
    expect(stored.subarray(0, 2).toString("latin1")).not.toBe("PK")
    expect(stored.includes(Buffer.from("sealed-a@example.com"))).toBe(false)
  })
})

describe("Close my account", () => {
  it("with Units held is refused with a clear message, and the member is still signed in", async () => {
    const holder = await newMember("holder@example.com")
    const bought = await json(
      await holder.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 1_500 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { headers: { "idempotency-key": "holder-buy" } },
      ),
    )
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make("holder-confirm"),
          orderId: OrderId.make(bought.orderCreatedData.orderId),
        }),
      ),
    )
    const refused = await holder.post("/api/user/close-account", {
      confirmEmail: "holder@example.com",
      currentPassword: "secret9",
    })
    expect(refused.status).toBe(409)
    expect((await json(refused)).message).toMatch(
      /^Your account cannot be closed yet: you still hold 1,500 Units \(LAND_EUR\): sell or transfer them first\.$/,
    )
    expect((await holder.get("/api/user")).status).toBe(200)
    const [account] = await query<{ email: string }>("SELECT email FROM accounts WHERE lower(email) = $1", [
      "holder@example.com",
    ])
    expect(account?.email).toBe("holder@example.com")
  })

  it("asks for the member's own email", async () => {
    const a = await newMember("confirm-close@example.com")
    const wrong = await a.post("/api/user/close-account", { confirmEmail: "someone@example.com" })
    expect(wrong.status).toBe(400)
    expect(await json(wrong)).toMatchObject({
      message: "That is not the email address of your account",
      errors: [{ path: "confirmEmail", message: "That is not the email address of your account" }],
    })
  })

  it("without Units: the member is signed out, cannot sign in, their name is gone from what members see and their .eml files from disk", async () => {
    const a = await newMember("closing@example.com", "secret9")
    const form = new FormData()
    form.set("firstName", "Zelda")
    form.set("lastName", "Quartermain")
    expect((await a.post("/api/user/update_profile", form)).status).toBe(200)
    await buyAndCancel(a, "closing")
    await a.post("/api/saleschat/messages", { text: "Please close my account" })
    await a.post("/api/subscribe/subscribeUser", { email: "closing@example.com" })
    const aId = await memberIdOf("closing@example.com")
    // Its emails delivered by the file transport (no SMTP_URL): .eml files under DATA_DIR/mail, links and all.
    await server.run(
      deliverDue({ from: "Landunits <no-reply@landunits.example>", appUrl: "http://localhost" }),
    )
    const mailDir = path.join(process.env.DATA_DIR ?? "./data", "mail")
    const emailsTo = (to: string) =>
      fs.existsSync(mailDir)
        ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml") && f.includes(to))
        : []
    expect(emailsTo("closing@example.com").length).toBeGreaterThan(0)

    const closed = await a.post("/api/user/close-account", {
      confirmEmail: " Closing@Example.com ",
      currentPassword: "secret9",
    })
    expect(closed.status).toBe(200)
    expect((await json(closed)).message).toMatch(/^Your account is closed\./)
    const cookies = closed.headers.getSetCookie().join("\n")
    expect(cookies).toMatch(/landunits_session=;.*Max-Age=0/)
    expect((await a.get("/api/user")).status).toBe(401)
    // No email to the closed address is left on disk (another member's stay).
    expect(emailsTo("closing@example.com")).toEqual([])

    const again = await anonymous()
    const signIn = await again.post("/api/auth/login", { email: "closing@example.com", password: "secret9" })
    expect(signIn.status).toBe(401)

    // Another member looking the closed member up for a transfer finds no one.
    const b = await newMember("looker@example.com")
    expect((await b.get("/api/user/getUserNameByEmail?email=closing@example.com")).status).toBe(404)
    // No member-facing table holds the name or the email any more.
    const traces = await query<{ source: string }>(
      `SELECT 'accounts' AS source FROM accounts WHERE record::text ~* '(Zelda|Quartermain|closing@example)'
       UNION ALL SELECT 'sales chat' FROM sales_chat_messages WHERE author_name ~* '(Zelda|Quartermain)'
       UNION ALL SELECT 'newsletter' FROM newsletter_subscribers WHERE email ~* 'closing@example'
       UNION ALL SELECT 'mail' FROM mail_outbox WHERE to_address ~* 'closing@example'
       UNION ALL SELECT 'orders' FROM orders WHERE record::text ~* 'closing@example'`,
    )
    expect(traces).toEqual([])
    const [closure] = await query<{
      closed_by: string
      kyc_purge_at: string
      records_purge_at: string
      closed_at: string
    }>(
      "SELECT closed_by, closed_at, kyc_purge_at, records_purge_at FROM account_closures ORDER BY closed_at DESC LIMIT 1",
    )
    expect(closure?.closed_by).toBe("member")
    expect(new Date(Number(closure?.records_purge_at)).getUTCFullYear()).toBe(
      new Date(Number(closure?.closed_at)).getUTCFullYear() + 10,
    )
    // The ledger's rows are kept, by member id.
    const kept = await query<{ n: string }>(
      "SELECT count(*) AS n FROM ledger_transfers WHERE to_member = $1",
      [aId],
    )
    expect(Number(kept[0]?.n)).toBeGreaterThan(0)
  })
})
