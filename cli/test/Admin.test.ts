/** The admin CLI's commands, run in-process on an embedded database seeded with the demo data. */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { DEMO_EMAIL, seedDemo } from "@landunits/adapters/app/DemoSeed.ts"
import { layerEmbedded } from "@landunits/adapters/postgres/Database.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { type AppRuntime, makeRuntime } from "../src/Admin.ts"
import { buildProgram } from "../src/Program.ts"

let runtime: AppRuntime
let dir: string
const demo = MemberId.make("mem_demo")

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-cli-"))
  runtime = makeRuntime(layerEmbedded(dir))
  await runtime.runPromise(seedDemo)
  await runtime.runPromise(
    Effect.flatMap(AccountRepository, (accounts) =>
      accounts.insert({
        memberId: MemberId.make("mem_admin"),
        email: "admin@landunits.example",
        firstName: "Ada",
        lastName: "Admin",
        userType: "USER",
        role: "member",
        passwordHash: "x",
        emailConfirmedAt: 1,
        firstLogin: false,
        createdAt: 1,
      }),
    ),
  )
}, 120_000)

afterAll(async () => {
  await runtime.dispose()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs one command line; answers what it printed and its exit code. */
const cli = async (...args: ReadonlyArray<string>) => {
  const out: Array<string> = []
  const log = vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line))
  const error = vi.spyOn(console, "error").mockImplementation((line: string) => void out.push(line))
  process.exitCode = 0
  try {
    await buildProgram(() => runtime).parseAsync(["node", "landunits", ...args])
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
  const code = process.exitCode ?? 0
  process.exitCode = 0
  return { out: out.join("\n"), code }
}

describe("the admin CLI", () => {
  it("refuses admin work to someone who is not an admin, then makes the first admin", async () => {
    const refused = await cli("--as", "admin@landunits.example", "kyc", "pending")
    expect(refused.code).toBe(1)
    expect(refused.out).toContain("is not an admin")
    const nobody = await cli("kyc", "pending")
    expect(nobody.out).toContain("--as <admin email>")
    const made = await cli("users", "make-admin", "admin@landunits.example")
    expect(made).toEqual({ out: "admin@landunits.example is now an admin.", code: 0 })
    expect((await cli("--as", "admin@landunits.example", "kyc", "pending")).code).toBe(0)
  })

  it("confirms a bank payment once, Units owned, and writes who did it to the audit log", async () => {
    const order = await runtime.runPromise(
      Effect.flatMap(OrderService, (orders) =>
        orders.createBuy({
          memberId: demo,
          idempotencyKey: IdempotencyKey.make("cli-test-buy"),
          unitType: "LAND_EUR",
          numberOfUnits: 5,
          paymentMethod: "bank",
          isDoubleLand: false,
        }),
      ),
    )
    const first = await cli("--as", "admin@landunits.example", "orders", "confirm-payment", order.orderId)
    expect(first.code).toBe(0)
    expect(first.out).toContain(`${order.orderId}: Completed`)
    const again = await cli("--as", "admin@landunits.example", "orders", "confirm-payment", order.orderId)
    expect(again.out).toBe(first.out)
    const entries = await runtime.runPromise(
      Effect.flatMap(AuditLog, (log) =>
        log.list({ action: "orders.confirmPayment", subject: `order:${order.orderId}` }),
      ),
    )
    expect(entries.length).toBeGreaterThanOrEqual(1)
    expect(entries[0]!.actor).toBe("mem_admin")
  })

  it("exports a member's statement to a file, and refuses a bad period clearly", async () => {
    const out = path.join(dir, "statement.pdf")
    const done = await cli(
      "--as",
      "admin@landunits.example",
      "statements",
      "export",
      DEMO_EMAIL,
      "--from",
      "2026-01-01",
      "--to",
      "2030-12-31",
      "--out",
      out,
    )
    expect(done.code).toBe(0)
    expect(fs.readFileSync(out).subarray(0, 5).toString("latin1")).toBe("%PDF-")
    const bad = await cli(
      "--as",
      "admin@landunits.example",
      "statements",
      "export",
      DEMO_EMAIL,
      "--from",
      "2026-02-01",
      "--to",
      "2026-01-01",
      "--out",
      out,
    )
    expect(bad.code).toBe(1)
    expect(bad.out).toContain("The end date must be on or after the start date")
  })

  it("loads a content collection from a JSON file only when every item is valid", async () => {
    const good = path.join(dir, "faq.json")
    fs.writeFileSync(good, JSON.stringify([{ question: "Is this a test?", answer: "Yes.", order: 1 }]))
    expect((await cli("--as", "admin@landunits.example", "content", "load", "faq", good)).out).toBe(
      "Loaded 1 faq item(s).",
    )
    const bad = path.join(dir, "bad.json")
    fs.writeFileSync(bad, JSON.stringify([{ question: "", order: "first" }]))
    const refused = await cli("--as", "admin@landunits.example", "content", "load", "faq", bad)
    expect(refused.code).toBe(1)
    expect(refused.out).toContain("is not a valid faq list")
  })
})
