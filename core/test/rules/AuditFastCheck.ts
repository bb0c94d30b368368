/**
 * fast-check as the audit run (vitest.audit.ts) gives it to the tests: the same module, but `assert` takes the audit's
 * number of cases, seed and replay path (AuditProperties.ts) and records each property's run on its test for the
 * report. A failing property still fails its test with fast-check's own message (seed, path, counterexample).
 */
import * as fc from "fast-check"
import { nextPropertyParameters, recordProperty } from "./AuditProperties.ts"

export * from "fast-check"

const report = (details: fc.RunDetails<unknown>): void => {
  recordProperty(details)
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? "Property failed")
}

export const assert: typeof fc.assert = ((
  property: fc.IRawProperty<unknown>,
  parameters?: fc.Parameters<unknown>,
) => {
  // The audit's reporter stands for the test's own, synchronous or not (fast-check takes asyncReporter first).
  const { asyncReporter: _ignored, ...own } = nextPropertyParameters(parameters)
  return fc.assert(property, { ...own, reporter: report })
}) as typeof fc.assert

export default { ...fc.default, assert }
