/**
 * How many statements GET /user sends to the database, counted from the spans the SQL client opens for each
 * statement (a tracer that records their query text): the member is read in ONE statement with the session (the
 * account, KYC record, transfers and the orders behind them: SignedInMembersPg), whatever the number of prices,
 * exchange rates and bank accounts; the reference data comes from the process's snapshot.
 */
import { describe, expect, it } from "vitest"
import { useRecordedServer } from "../support/StatementRecorder.ts"
import { makeClient } from "../support/TestServer.ts"

const { server, statements } = useRecordedServer()

const REFERENCE_TABLES = /unit_prices|exchange_rates|external_fees|bank_accounts/

describe("GET /user's database reads", () => {
  it("reads the member in one statement with the session (account, KYC record, ledger, orders) and the reference data at most once", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    await client.post("/api/auth/login", { email: "demo@landunits.example", password: "LandDemo2026" })
    expect((await client.get("/api/user")).status).toBe(200)

    statements.length = 0
    const response = await client.get("/api/user")
    expect(response.status).toBe(200)
    const member = statements.filter((s) => !REFERENCE_TABLES.test(s))
    expect(member).toHaveLength(1)
    expect(member[0]).toMatch(/FROM sessions s JOIN accounts a/)
    expect(member[0]).toMatch(/FROM kyc_records/)
    expect(member[0]).toMatch(/FROM ledger_transfers/)
    expect(member[0]).toMatch(/FROM orders/)
    // The snapshot is one statement; it is read again only when it is older than 5 seconds.
    expect(statements.filter((s) => REFERENCE_TABLES.test(s)).length).toBeLessThanOrEqual(1)
  })
})
