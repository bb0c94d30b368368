/**
 * `landunits users erase` (issue 23): a member's request to close their account that came by post. Refused, in words
 * and with exit 1, while they hold Units; otherwise closed and pseudonymised, and `landunits ledger verify` still
 * verifies every chain, head and balance (the ledger's rows are never touched).
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, MemberId, OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { useInProcessCli } from "./support/InProcessCli.ts"

const ADMIN = "erase-admin@landunits.example"
const { cli, run } = useInProcessCli([
  { memberId: "mem_erase_admin", email: ADMIN, firstName: "Ada", lastName: "Admin", role: "admin" },
  {
    memberId: "mem_holder",
    email: "holder@example.com",
    firstName: "Holly",
    lastName: "Holder",
    role: "member",
  },
  {
    memberId: "mem_letter",
    email: "letter@example.com",
    firstName: "Lenny",
    lastName: "Letterwriter",
    role: "member",
  },
])
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

const buy = (memberId: string, key: string, numberOfUnits: number) =>
  run(
    Effect.flatMap(OrderService, (orders) =>
      orders.createBuy({
        confirmsBusinessPurpose: true,
        memberId: MemberId.make(memberId),
        idempotencyKey: IdempotencyKey.make(key),
        unitType: "LAND_EUR",
        numberOfUnits,
        paymentMethod: "bank",
        isDoubleLand: false,
      }),
    ),
  )

describe("users erase", () => {
  it("is refused while the member holds Units, saying so, and changes nothing", async () => {
    const order = await buy("mem_holder", "erase-holder-buy", 25)
    expect((await asAdmin("--yes", "orders", "confirm-payment", order.orderId)).code).toBe(0)
    const refused = await asAdmin(
      "--yes",
      "users",
      "erase",
      "holder@example.com",
      "--reason",
      "Letter 2026-04",
    )
    expect(refused.code).toBe(1)
    expect(refused.err).toBe(
      "Refused: Your account cannot be closed yet: you still hold 25 Units (LAND_EUR): sell or transfer them first.",
    )
    expect((await asAdmin("users", "show", "holder@example.com")).out).toContain("Holly")
  })

  it("needs --yes in a shell without a terminal", async () => {
    expect((await asAdmin("users", "erase", "letter@example.com", "--reason", "Letter 2026-05")).code).toBe(2)
  })

  it("closes a member without Units: no sign-in, no name, records kept, and the ledger still verifies", async () => {
    const order = await buy("mem_letter", "erase-letter-buy", 4)
    await run(
      Effect.flatMap(OrderService, (orders) =>
        orders.cancelBuy({
          memberId: MemberId.make("mem_letter"),
          idempotencyKey: IdempotencyKey.make("erase-letter-cancel"),
          orderId: OrderId.make(order.orderId),
        }),
      ),
    )
    const erased = await asAdmin(
      "--yes",
      "users",
      "erase",
      "letter@example.com",
      "--reason",
      "Letter 2026-05",
    )
    expect(erased.err).toBe("")
    expect(erased.code).toBe(0)
    expect(erased.out).toMatch(
      /^mem_letter is closed \((\d{4})-.*\): KYC kept until \d{4}-.*, orders and ledger records until \d{4}-/,
    )
    const rows = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return {
          account: yield* sql<{ email: string; record: { firstName: string; disabledAt?: number } }>`
            SELECT email, record FROM accounts WHERE member_id = 'mem_letter'`,
          orders: yield* sql<{ n: string }>`SELECT count(*) AS n FROM orders WHERE member_id = 'mem_letter'`,
          audit: yield* sql<{ action: string; details: string }>`
            SELECT action, details::text AS details FROM audit_log WHERE subject = 'member:mem_letter'`,
        }
      }),
    )
    expect(rows.account[0]?.email).toBe("closed-mem_letter@closed.invalid")
    expect(rows.account[0]?.record.firstName).toBe("Former")
    expect(rows.account[0]?.record.disabledAt).toBeTypeOf("number")
    expect(Number(rows.orders[0]?.n)).toBe(1)
    expect(rows.audit.map((a) => a.action)).toContain("users.erase")
    expect(rows.audit.map((a) => a.details).join()).toContain("Letter 2026-05")
    expect(rows.audit.map((a) => a.details).join()).not.toMatch(/Lenny|letter@example/)

    const verified = await asAdmin("ledger", "verify")
    expect(verified.err).toBe("")
    expect(verified.code).toBe(0)
    expect(verified.out).toMatch(/^The ledger verifies:/)
    // Erasing again changes nothing and says when it was closed.
    expect((await asAdmin("--yes", "users", "erase", "mem_letter", "--reason", "again")).code).toBe(0)
  })
})
