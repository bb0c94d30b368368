/**
 * Four eyes on admin money moves (issue 23), through the CLI in-process on an embedded database: a payout above
 * the threshold needs a second admin, nobody approves their own request, the audit log shows both admins and
 * both times, and the requester sees the outcome.
 */

import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { IdempotencyKey, MemberId, PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const ADA = "ada@landunits.example"
const BOB = "bob@landunits.example"
const CYD = "cyd@landunits.example"
const person = (memberId: string, email: string, firstName: string) =>
  ({ memberId, email, firstName, lastName: "Tester", role: "member" }) as const

const { cli, run } = useInProcessCli([
  person("mem_ada", ADA, "Ada"),
  person("mem_bob", BOB, "Bob"),
  person("mem_cyd", CYD, "Cyd"),
])
const as = (admin: string, ...args: ReadonlyArray<string>) => cli("--as", admin, ...args)

const auditOf = (action: string, subject?: string) =>
  run(Effect.flatMap(AuditLog, (log) => log.list({ action, ...(subject === undefined ? {} : { subject }) })))

const requestIdOf = (out: string) => /request (apr_\w+)/.exec(out)![1]!

const buy = (memberId: string, key: string, numberOfUnits: number) =>
  run(
    Effect.flatMap(OrderService, (o) =>
      o.createBuy({
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

const payoutStatus = (payoutId: string) =>
  run(Effect.flatMap(PayoutRepository, (p) => p.get(PayoutId.make(payoutId)))).then((p) => p.status)

describe("four eyes on admin money moves", () => {
  it("the sole admin makes the second at once (the bootstrap); from two admins on, making a third is a request", async () => {
    expect((await cli("--yes", "users", "make-admin", ADA)).code).toBe(0)
    expect(await as(ADA, "--yes", "users", "make-admin", BOB)).toMatchObject({
      code: 0,
      out: `${BOB} is now an admin.`,
    })
    const third = await as(ADA, "--yes", "users", "make-admin", CYD)
    expect(third.code).toBe(ExitCode.awaitingApproval)
    expect(third.out).toMatch(/^Awaiting a second admin: request apr_\w+ \(Give cyd@landunits\.example/)
    expect((await as(CYD, "kyc", "list")).err).toContain("is not an admin")
    const id = requestIdOf(third.out)
    expect((await as(BOB, "--yes", "approvals", "approve", id)).code).toBe(0)
    expect((await as(CYD, "kyc", "list")).code).toBe(0)
  })

  it("below the threshold nothing changes: a buy's payment is confirmed at once, as before", async () => {
    const stock = await buy("mem_demo", "4eyes-stock", 20)
    const confirmed = await as(ADA, "--yes", "orders", "confirm-payment", stock.orderId)
    expect(confirmed).toMatchObject({ code: 0 })
    expect(confirmed.out).toContain(`${stock.orderId}: Completed`)
    expect(await as(ADA, "--json", "approvals", "list")).toMatchObject({ code: 0, out: "[]" })
  })

  it("a payout above the threshold needs a second admin; self-approval is refused; the audit log shows both admins and both times; the requester sees the outcome", async () => {
    await run(
      Effect.flatMap(OrderService, (o) =>
        o.createSell({
          memberId: MemberId.make("mem_demo"),
          idempotencyKey: IdempotencyKey.make("4eyes-sell"),
          unitType: "LAND_EUR",
          numberOfUnits: 15,
        }),
      ),
    )
    const filling = await buy("mem_cyd", "4eyes-fill", 3)
    expect((await as(ADA, "--yes", "orders", "confirm-payment", filling.orderId)).out).toContain(
      "1 payout(s) created",
    )
    const [payout] = JSON.parse((await as(ADA, "--json", "payouts", "list")).out)
    expect(payout.amountCents).toBeGreaterThan(100)
    // Lowering a threshold only asks for more approvals: it applies at once.
    expect(await as(ADA, "approvals", "set-threshold", "EUR", "100")).toMatchObject({
      code: 0,
      out: "EUR: a second admin approves money moves above 100 minor units",
    })

    const asked = await as(ADA, "--yes", "payouts", "mark-paid", payout.payoutId)
    expect(asked.code).toBe(ExitCode.awaitingApproval)
    const id = requestIdOf(asked.out)
    expect(await payoutStatus(payout.payoutId)).toBe("Initiated")

    const own = await as(ADA, "--yes", "approvals", "approve", id)
    expect(own).toMatchObject({
      code: ExitCode.refused,
      err: `Refused: Nobody approves their own request: another admin must approve ${id}`,
    })
    expect(await payoutStatus(payout.payoutId)).toBe("Initiated")
    expect((await as(BOB, "approvals", "approve", id)).code).toBe(ExitCode.confirmationRequired)

    const approved = await as(BOB, "--yes", "approvals", "approve", id)
    expect(approved.code).toBe(0)
    expect(approved.out).toBe(
      `${id}: approved by ${BOB}, requested by ${ADA}. ${payout.payoutId}: Completed (${payout.amountCents} cents EUR to mem_demo)`,
    )
    expect(await payoutStatus(payout.payoutId)).toBe("Completed")

    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
    const [paid] = await auditOf("payouts.paid", `payout:${payout.payoutId}`)
    expect(paid).toMatchObject({
      actor: "mem_bob",
      details: { from: "Initiated", to: "Completed", approvalRequest: id, requestedBy: ADA, approvedBy: BOB },
    })
    expect(paid!.details.requestedAt).toMatch(iso)
    expect(paid!.details.approvedAt).toMatch(iso)
    expect((await auditOf("approvals.request", `approval:${id}`))[0]).toMatchObject({
      actor: "mem_ada",
      details: { command: "payouts.markPaid", amountMinor: String(payout.amountCents), currency: "EUR" },
    })
    expect((await auditOf("approvals.approve", `approval:${id}`))[0]).toMatchObject({
      actor: "mem_bob",
      details: { requestedBy: ADA, approvedBy: BOB },
    })
    const shown = (await as(BOB, "audit", "show", "--subject", `approval:${id}`)).out
    expect(shown).toContain("approvals.request")
    expect(shown).toContain("approvals.approve")

    // The requester sees the outcome: their list, the request, and an email.
    const mine = JSON.parse((await as(ADA, "--json", "approvals", "list", "--mine")).out)
    expect(mine.find((r: { requestId: string }) => r.requestId === id)).toMatchObject({
      status: "approved",
      decidedBy: { email: BOB },
      outcome: `${payout.payoutId}: Completed (${payout.amountCents} cents EUR to mem_demo)`,
    })
    expect((await as(ADA, "approvals", "show", id)).out).toMatch(/^status: +approved$/m)
    const mail = await run(Effect.flatMap(Mailer, (m) => m.queued))
    expect(mail.filter((m) => m.template === "approval-decided" && m.data.requestId === id)).toEqual([
      expect.objectContaining({
        to: ADA,
        data: expect.objectContaining({ status: "approved", decidedBy: `Bob Tester <${BOB}>` }),
      }),
    ])
  })

  it("an approval re-validates: a payout paid meanwhile is refused with a clear message and its request is marked failed", async () => {
    const more = await buy("mem_cyd", "4eyes-fill-2", 2)
    // 2 Units of EUR are above the 100-cent threshold now: the confirmation itself waits for a second admin.
    const asked = await as(ADA, "--yes", "orders", "confirm-payment", more.orderId)
    expect(asked.code).toBe(ExitCode.awaitingApproval)
    expect((await as(BOB, "--yes", "approvals", "approve", requestIdOf(asked.out))).out).toContain(
      "1 payout(s) created",
    )
    const owed = JSON.parse((await as(ADA, "--json", "payouts", "list")).out)
    expect(owed).toHaveLength(1)
    const payoutId = owed[0].payoutId
    const first = requestIdOf((await as(ADA, "--yes", "payouts", "mark-paid", payoutId)).out)
    const second = requestIdOf((await as(ADA, "--yes", "payouts", "mark-paid", payoutId)).out)
    expect(first).not.toBe(second)
    expect((await as(BOB, "--yes", "approvals", "approve", first)).code).toBe(0)
    const late = await as(BOB, "--yes", "approvals", "approve", second)
    expect(late).toMatchObject({
      code: ExitCode.refused,
      err: `Refused: Payout ${payoutId} is already paid. Request ${second} is marked failed.`,
    })
    const shown = JSON.parse((await as(ADA, "--json", "approvals", "show", second)).out)
    expect(shown).toMatchObject({
      status: "failed",
      reason: `Payout ${payoutId} is already paid`,
      decidedBy: { email: BOB },
    })
    expect((await auditOf("payouts.paid", `payout:${payoutId}`)).length).toBe(1)
    expect((await as(CYD, "--yes", "approvals", "approve", second)).err).toContain(
      `Request ${second} is failed`,
    )
  })

  it("with two admins, a price, a discount code and a raised threshold wait for a second admin; a rejection runs nothing and tells the requester", async () => {
    const price = await as(ADA, "pricing", "set-price", "LAND_EUR", "--base-price", "20", "--growth", "5")
    expect(price.code).toBe(ExitCode.awaitingApproval)
    const code = await as(ADA, "discount-codes", "create", "FOUREYES", "--percent", "50")
    expect(code.code).toBe(ExitCode.awaitingApproval)
    const raise = await as(ADA, "--json", "approvals", "set-threshold", "EUR", "5000000")
    expect(raise.code).toBe(ExitCode.awaitingApproval)
    expect(JSON.parse(raise.out).awaitingApproval).toMatchObject({
      command: "approvals.setThreshold",
      status: "pending",
    })

    const rejected = await as(BOB, "approvals", "reject", requestIdOf(price.out), "--reason", "not this week")
    expect(rejected).toMatchObject({ code: 0 })
    const shown = JSON.parse((await as(ADA, "--json", "pricing", "show")).out)
    expect(JSON.stringify(shown)).not.toContain('"basePrice":20000')
    expect(await as(BOB, "--yes", "approvals", "approve", requestIdOf(code.out))).toMatchObject({ code: 0 })
    const codes = JSON.parse((await as(ADA, "--json", "discount-codes", "list")).out)
    expect(codes).toContainEqual(expect.objectContaining({ code: "FOUREYES", amount: 50, active: true }))
    // The requester withdraws their own raise.
    expect(
      (
        await as(
          ADA,
          "approvals",
          "reject",
          JSON.parse(raise.out).awaitingApproval.requestId,
          "--reason",
          "typo",
        )
      ).code,
    ).toBe(0)
    expect(JSON.parse((await as(ADA, "--json", "approvals", "thresholds")).out).EUR).toBe(100)

    const mine = JSON.parse(
      (await as(ADA, "--json", "approvals", "list", "--mine", "--status", "rejected")).out,
    )
    expect(mine.map((r: { reason: string }) => r.reason).sort()).toEqual([
      "not this week",
      "withdrawn by the requester: typo",
    ])
    expect(JSON.parse((await as(BOB, "--json", "approvals", "list")).out)).toEqual([])
  })
})

describe("the requester's email", () => {
  it("says the decision, who took it and what ran, every value escaped in its HTML", async () => {
    const { renderEmail } = await import("@landunits/adapters/email/EmailTemplates.ts")
    const rendered = renderEmail(
      "approval-decided",
      {
        name: "Ada Tester",
        requestId: "apr_1",
        summary: "Record 2000 cents EUR as paid to mem_<demo>",
        status: "approved",
        decidedBy: `Bob Tester <${BOB}>`,
        outcome: "pay_1: Completed",
      },
      "http://localhost:3000",
    )
    if (!("subject" in rendered)) throw new Error(rendered.message)
    const r = rendered
    expect(r.subject).toBe("Your request apr_1 is approved")
    expect(r.text).toContain(
      `Your request apr_1 (Record 2000 cents EUR as paid to mem_<demo>) is approved by Bob Tester <${BOB}>.`,
    )
    expect(r.text).toContain("It ran: pay_1: Completed")
    expect(r.html).toContain("mem_&lt;demo&gt;")
  })
})
