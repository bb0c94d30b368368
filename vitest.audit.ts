// `npm run audit:rules`: the auditor's run. Only the tests of the rules of money and Units (fees and discounts,
// availability and its limits, conversion, LU2X vesting, the sales queue and payouts, the ledger's invariants, the
// order engine's model-based runs, rounding, and the spec's §5 and §9 rules they stand on), core's in-memory ports, no
// browser, server or database; every test file named by the rule map (core/test/rules/RuleMap.ts) and no other.
// fast-check is given to the tests through core/test/rules/AuditFastCheck.ts: AUDIT_RUNS sets every property's number
// of cases, AUDIT_SEED the seed (one is drawn per run otherwise), AUDIT_PATH with AUDIT_PROPERTY replays one
// counterexample. The report goes to audit/ (core/test/rules/AuditReporter.ts). See docs/audit.md.
import { fileURLToPath } from "node:url"
import type { Plugin } from "vite"
import { defineConfig } from "vitest/config"
import { auditedFiles } from "./core/test/rules/AuditedFiles.ts"
import { LongestFilesFirst } from "./test-support/src/LongestFilesFirst.ts"

const wrapper = fileURLToPath(new URL("./core/test/rules/AuditFastCheck.ts", import.meta.url))

/** Every `import … from "fast-check"` of a test resolves to the audit's wrapper, except the wrapper's own. */
const auditFastCheck: Plugin = {
  name: "audit-fast-check",
  enforce: "pre",
  resolveId(source, importer) {
    if (source !== "fast-check" || importer === undefined || importer === wrapper) return null
    return wrapper
  },
}

if ((process.env.AUDIT_SEED ?? "") === "") process.env.AUDIT_SEED = String((Math.random() * 2 ** 31) | 0)

export default defineConfig({
  plugins: [auditFastCheck],
  test: {
    projects: [
      {
        test: {
          name: "audit",
          isolate: false,
          root: "./core",
          include: [...auditedFiles("core/"), "test/rules/*.test.ts"],
          environment: "node",
          setupFiles: ["./test/rules/AuditSetup.ts"],
          env: { AUDIT_SEED: process.env.AUDIT_SEED },
        },
      },
      {
        // The rules the web app holds itself (the card notices, the tooltip, the consent and UTM cookies): its DOM
        // tests in happy-dom, no browser.
        test: {
          name: "audit-web",
          isolate: false,
          root: "./web",
          include: auditedFiles("web/"),
          environment: "happy-dom",
          setupFiles: ["../core/test/rules/AuditSetup.ts"],
          env: { AUDIT_SEED: process.env.AUDIT_SEED },
        },
      },
    ],
    // Both workers busy to the end: the three model runs (most of the time) start first, one after the other.
    maxWorkers: 2,
    sequence: { sequencer: LongestFilesFirst },
    reporters: ["default", "./core/test/rules/AuditReporter.ts"],
  },
})
