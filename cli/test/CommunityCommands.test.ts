/**
 * The community's admin commands: `saleschat list|show|reply` (admins answer members' sales chats; every reply is
 * audited and emailed) and `content close-vote` (a vote closed early shows its results).
 */
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { VoteId } from "@landunits/core/governance/GovernanceModel.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const ADMIN = "sales-admin@landunits.example"
const MEMBER = "buyer@landunits.example"
const member = MemberId.make("mem_buyer")
const admin = MemberId.make("mem_sales_admin")

const { cli, run } = useInProcessCli([
  { memberId: admin, email: ADMIN, firstName: "Sam", lastName: "Sales", role: "admin" },
  { memberId: member, email: MEMBER, firstName: "Bea", lastName: "Buyer", role: "member" },
])
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

describe("saleschat commands", () => {
  it("refuses without an admin, and says when nothing waits", async () => {
    const nobody = await cli("saleschat", "list")
    expect(nobody.code).toBe(ExitCode.refused)
    expect(nobody.err).toContain("--as <admin email>")
    expect((await cli("--as", MEMBER, "saleschat", "list")).err).toContain(`${MEMBER} is not an admin`)
    expect((await asAdmin("saleschat", "list")).out).toBe("No sales chat is waiting for an answer.")
  })

  it("lists a waiting thread, shows it, replies as the team (audited, emailed) and the thread stops waiting", async () => {
    await run(
      SalesChatService.use((chat) =>
        chat.post(memberActor(member), "Can I pay 50,000 EUR by bank transfer?"),
      ),
    )
    const waiting = await asAdmin("saleschat", "list")
    expect(waiting.out).toContain("mem_buyer")
    expect(waiting.out).toContain("Can I pay 50,000 EUR by bank transfer?")
    const shown = await asAdmin("saleschat", "show", MEMBER)
    expect(shown.out).toContain(`${MEMBER} (mem_buyer): waiting for an answer`)
    expect(shown.out).toContain("Bea (member): Can I pay 50,000 EUR by bank transfer?")

    const replied = await asAdmin(
      "saleschat",
      "reply",
      MEMBER,
      "Yes: the bank details are on the payment page.",
    )
    expect(replied).toMatchObject({
      out: `${MEMBER}: answered as Sam from the sales team (emailed)`,
      code: 0,
    })
    const named = await asAdmin("saleschat", "reply", "mem_buyer", "Anything else?", "--name", "Sales desk")
    expect(named.out).toBe(`${MEMBER}: answered as Sales desk (emailed)`)

    expect((await asAdmin("saleschat", "list")).out).toBe("No sales chat is waiting for an answer.")
    const json = JSON.parse((await asAdmin("--json", "saleschat", "show", MEMBER)).out)
    expect(json.messages.map((m: { from: string; authorName: string }) => [m.from, m.authorName])).toEqual([
      ["member", "Bea"],
      ["team", "Sam from the sales team"],
      ["team", "Sales desk"],
    ])
    const audit = await run(Effect.flatMap(AuditLog, (log) => log.list({ action: "saleschat.reply" })))
    expect(audit.map((e) => [e.actor, e.subject])).toEqual([
      [admin, "member:mem_buyer"],
      [admin, "member:mem_buyer"],
    ])
    const mail = await run(Effect.flatMap(Mailer, (m) => m.queued))
    expect(mail.filter((m) => m.to === MEMBER && m.template === "saleschat-reply")).toHaveLength(2)
  })

  it("refuses a blank reply and an unknown member with exit code 1 and the rule's message", async () => {
    const blank = await asAdmin("saleschat", "reply", MEMBER, "   ")
    expect(blank.code).toBe(ExitCode.refused)
    expect(blank.err).toContain("Please write a message")
    const unknown = await asAdmin("saleschat", "show", "nobody@landunits.example")
    expect(unknown.code).toBe(ExitCode.refused)
    expect(unknown.err).toContain("No member has the email nobody@landunits.example")
  })
})

describe("content close-vote", () => {
  it("asks first, then closes the open vote: members see it among the closed ones, and it is audited", async () => {
    const unconfirmed = await asAdmin("content", "close-vote", "vote_hedgerows")
    expect(unconfirmed.code).toBe(ExitCode.confirmationRequired)
    const closed = await asAdmin("--yes", "content", "close-vote", "vote_hedgerows")
    expect(closed).toMatchObject({ code: 0 })
    expect(closed.out).toMatch(/^Closed the vote vote_hedgerows: /)
    const closedList = await run(GovernanceService.use((g) => g.listVotes(memberActor(member), "closed")))
    expect(closedList.map((v) => [v.voteId, v.voteState, v.results?.outcome])).toEqual([
      [VoteId.make("vote_hedgerows"), "vote_closed", "Not Decided"],
    ])
    const audit = await run(Effect.flatMap(AuditLog, (log) => log.list({ subject: "vote:vote_hedgerows" })))
    expect(audit.map((e) => e.actor)).toContain(admin)
    const again = await asAdmin("--yes", "content", "close-vote", "vote_hedgerows")
    expect(again.code).toBe(ExitCode.refused)
  })
})
