import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { recordAudit } from "../../src/audit/Audit.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { auditLogContract } from "../support/AuditLogContract.ts"
import { ManualClock } from "../support/ManualClock.ts"

auditLogContract("memory", () => AuditLog.layerMemory)

describe("Audit", () => {
  it("every admin action is written with who, when (the Clock's time) and what", async () => {
    const entry = await Effect.runPromise(
      recordAudit(MemberId.make("mem_admin"), "governance.vote.close", "vote:v1", { title: "T" }).pipe(
        Effect.provide(AuditLog.layerMemory),
        ManualClock.provide(ManualClock.make(1_767_225_600_000)),
      ),
    )
    expect(entry).toEqual({
      sequence: 1,
      actor: "mem_admin",
      action: "governance.vote.close",
      subject: "vote:v1",
      details: { title: "T" },
      at: 1_767_225_600_000,
    })
  })
})
