/** The audit run's setup file (vitest.audit.ts): tells AuditProperties.ts which test the next properties belong to. */
import { beforeEach } from "vitest"
import { auditTest } from "./AuditProperties.ts"

beforeEach((context) => {
  auditTest(context.task)
})
