/**
 * The admin CLI as an OS process, against a server and database the test starts, its effects checked
 * through the HTTP API: the embedded database while the server runs (through its socket) and after it
 * stops (opened directly), and a PostgreSQL server via DATABASE_URL when one is configured.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { DEMO_EMAIL, DEMO_PASSWORD } from "@landunits/adapters/demo/DemoSeed.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  apiClient,
  freshDataDir,
  freshServerDatabase,
  type RunningServer,
  runCli,
  signIn,
  startServer,
  type Target,
} from "./support/ServerAndCli.ts"

const ADMIN = "ops@landunits.example"

/** Adds an account with the admin role straight in the store (an operator, not someone who signs in here). */
const addOperator = (server: RunningServer) =>
  server.run(
    Effect.flatMap(AccountRepository, (accounts) =>
      accounts.insert({
        memberId: MemberId.make("mem_ops"),
        email: ADMIN,
        firstName: "Ops",
        lastName: "Admin",
        userType: "USER",
        role: "member",
        passwordHash: "not-a-hash",
        emailConfirmedAt: 1,
        firstLogin: false,
        createdAt: 1,
      }),
    ),
  )

/** Registers and confirms a member through the API, submits nothing, and puts their KYC in the admins' queue. */
const pendingMember = async (server: RunningServer, email: string) => {
  const client = apiClient(server.baseUrl)
  await client.get("/api/health")
  const registered = await client.post("/api/user/register", {
    email,
    firstName: "Kim",
    lastName: "Park",
    password: "secret9",
    userType: "USER",
    termsAccepted: true,
  })
  expect(registered.status).toBe(200)
  const token = await server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ token: string }>`
        SELECT data->>'token' AS token FROM mail_outbox WHERE to_address = ${email} AND template = 'confirm-email'`
      return rows[0]!.token
    }),
  )
  expect((await client.get(`/api/auth/confirmation/${token}`)).status).toBe(200)
  await server.run(
    Effect.gen(function* () {
      const account = Option.getOrThrow(yield* (yield* AccountRepository).findByEmail(email))
      yield* (yield* KycStore).save({
        memberId: account.memberId,
        kycInfo: { ...emptyKycInfo, kycStatus: "Pending Verification" },
        updatedAt: Date.now(),
      })
    }),
  )
  return signIn(server.baseUrl, email, "secret9")
}

/** The member's owned LAND_EUR Units, as the API shows them. */
const ownedEur = async (client: ReturnType<typeof apiClient>) => {
  const bundle = (await (await client.get("/api/user")).json()) as {
    userDashBoardDetails: { holdings: ReadonlyArray<{ unitType: string; owned: number }> }
  }
  return bundle.userDashBoardDetails.holdings.find((h) => h.unitType === "LAND_EUR")?.owned ?? 0
}

/** A bank buy of `units` LAND_EUR by the signed-in member, through the API. */
const bankBuy = async (client: ReturnType<typeof apiClient>, units: number, key: string) => {
  const response = await client.post(
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: units },
      paymentDetails: { paymentMethod: "bank" },
    },
    { "idempotency-key": key },
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId
}

/** The acceptance steps every database target passes: confirm a bank payment, the API shows the Units owned. */
const confirmsABankPayment = async (server: RunningServer, target: Target) => {
  const demo = await signIn(server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
  const before = await ownedEur(demo)
  const orderId = await bankBuy(demo, 4, `process-buy-${target.kind}`)
  const unconfirmed = await runCli(target, ["--as", ADMIN, "orders", "confirm-payment", orderId])
  expect(unconfirmed.code).toBe(2)
  expect(unconfirmed.stderr).toContain("Re-run with --yes to confirm")
  expect(await ownedEur(demo)).toBe(before)
  const confirmed = await runCli(target, ["--as", ADMIN, "--yes", "orders", "confirm-payment", orderId])
  expect(confirmed.stderr.split("\n").filter((l) => l.startsWith("Refused"))).toEqual([])
  expect(confirmed.code).toBe(0)
  expect(confirmed.stdout).toContain(`${orderId}: Completed`)
  expect(await ownedEur(demo)).toBe(before + 4)
  return orderId
}

describe("the CLI process on the embedded database, with the server running and after it stops", () => {
  const dataDir = freshDataDir()
  const target: Target = { kind: "embedded", dataDir }
  let server: RunningServer
  let boughtOrderId = ""

  beforeAll(async () => {
    server = await startServer(target)
    await addOperator(server)
    const made = await runCli(target, ["--yes", "users", "make-admin", ADMIN])
    expect(made).toMatchObject({ code: 0, stdout: `${ADMIN} is now an admin.\n` })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it("approves a member's KYC: the member's API shows them Verified", async () => {
    const kim = await pendingMember(server, "kim@example.com")
    const approved = await runCli(target, ["--as", ADMIN, "kyc", "approve", "kim@example.com"])
    expect(approved).toMatchObject({ code: 0, stdout: "kim@example.com: Verified\n" })
    const me = (await (await kim.get("/api/user")).json()) as { user: { kycStatus: string } }
    expect(me.user.kycStatus).toBe("Verified")
  })

  it("confirms a bank payment: the member's owned balance grows by the order's Units through the API", async () => {
    boughtOrderId = await confirmsABankPayment(server, target)
  })

  it("exports the member's statement as CSV to a folder, holding the confirmed order", async () => {
    const out = path.join(dataDir, "exports")
    const done = await runCli(target, [
      "--as",
      ADMIN,
      "--json",
      "statements",
      "export",
      DEMO_EMAIL,
      "--from",
      "2026-01-01",
      "--to",
      "2030-12-31",
      "--format",
      "csv",
      "--out",
      out,
    ])
    expect(done.code).toBe(0)
    const files = (JSON.parse(done.stdout) as { files: ReadonlyArray<{ file: string }> }).files
    expect(files).toHaveLength(1)
    const lines = fs.readFileSync(files[0]!.file, "utf8").split("\r\n")
    expect(lines[0]).toBe("Landunits statement")
    expect(lines).toContain("Period,2026-01-01,2030-12-31")
    const orderLine = lines.find((l) => l.includes(`,${boughtOrderId},`))
    expect(orderLine).toMatch(new RegExp(`,${boughtOrderId},BUY,.*,4,Completed,`))
  })

  it("rejects a KYC with a reason: the email with that reason is in the outbox", async () => {
    await pendingMember(server, "lee@example.com")
    const rejected = await runCli(target, [
      "--as",
      ADMIN,
      "--yes",
      "kyc",
      "reject",
      "lee@example.com",
      "--reason",
      "The passport photo is blurred",
    ])
    expect(rejected.code).toBe(0)
    expect(rejected.stdout).toContain("lee@example.com: Not Approved")
    const listed = await runCli(target, ["--as", ADMIN, "--json", "mail", "list", "--to", "lee@example.com"])
    const messages = JSON.parse(listed.stdout) as ReadonlyArray<{ id: number; template: string }>
    const refusal = messages.find((m) => m.template === "kyc-not-approved")
    expect(refusal).toBeDefined()
    const shown = await runCli(target, ["--as", ADMIN, "mail", "show", String(refusal!.id)])
    expect(shown.stdout).toContain("data.reason:    The passport photo is blurred")
  })

  it("with the server stopped, opens the embedded database itself and finds every decision in the audit log", async () => {
    await server.stop()
    const audit = await runCli(target, ["--as", ADMIN, "--json", "audit", "show", "--action", "kyc.reject"])
    expect(audit.code).toBe(0)
    const entries = JSON.parse(audit.stdout) as ReadonlyArray<{
      actor: string
      details: Record<string, string>
    }>
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: "mem_ops",
      details: { reason: "The passport photo is blurred" },
    })
  })
})

const url = process.env.DATABASE_URL?.trim()
for (const base of url === undefined || url === "" ? [] : [url]) {
  describe("the CLI process on PostgreSQL (DATABASE_URL), beside the running server", () => {
    let server: RunningServer
    let database: { url: string; drop: () => Promise<void> }
    let target: Target

    beforeAll(async () => {
      database = await freshServerDatabase(base)
      target = { kind: "server", url: database.url }
      server = await startServer(target)
      await addOperator(server)
      expect((await runCli(target, ["--yes", "users", "make-admin", ADMIN])).code).toBe(0)
    }, 120_000)
    afterAll(async () => {
      await server?.stop()
      await database?.drop()
    })

    it("confirms a bank payment: the member's owned balance grows by the order's Units through the API", async () => {
      await confirmsABankPayment(server, target)
    })
  })
}
