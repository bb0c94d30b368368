import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { recordAudit } from "../../src/audit/Audit.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { auditLogContract } from "../support/AuditLogContract.ts"

auditLogContract("memory", () => AuditLog.layerMemory)

describe("Audit", () => {
  it.effect("every admin action is written with who, when (the Clock's time) and what", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_767_225_600_000)
      const entry = yield* recordAudit(MemberId.make("mem_admin"), "governance.vote.close", "vote:v1", {
        title: "T",
      }).pipe(Effect.provide(AuditLog.layerMemory))
      expect(entry).toEqual({
        sequence: 1,
        actor: "mem_admin",
        action: "governance.vote.close",
        subject: "vote:v1",
        details: { title: "T" },
        at: 1_767_225_600_000,
      })
    }),
  )
})
