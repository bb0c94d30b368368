/**
 * The clause ↔ test map (RuleMap.ts) cannot silently lose a rule or point at nothing: every rule names at least one
 * test, or says why it is no rule of the code (and those are the listed few); every test it names exists, word for
 * word, in the file it names; and every file it names is one the audit run (vitest.audit.ts) runs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { auditedFiles } from "./AuditedFiles.ts"
import { RULES } from "./RuleMap.ts"

const repoDir = fileURLToPath(new URL("../../..", import.meta.url))
const supportDir = join(repoDir, "core", "test", "support")
const supportSources = readdirSync(supportDir).map((name) => readFileSync(join(supportDir, name), "utf8"))

/** The clauses of the spec that are no rule of the code: the site's words and its layout. */
const OUTSIDE = ["spec9.delivery", "spec9.legal-windows", "spec9.layout"]

/** How a test's name is written in its source: in quotes, or as a template where it holds `${…}`. */
const written = (name: string) =>
  name.includes("${") ? [`\`${name}\``] : [`"${name}"`, `'${name}'`, `\`${name}\``]

/** Where the map names "describe > test", the test's own name is the last part. */
const ownName = (name: string) => name.split(" > ").at(-1) ?? name

describe("the rule map of the audit run", () => {
  it("lists the rules of spec §5, §9 and decisions.md, each id once", () => {
    const ids = RULES.map((rule) => rule.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const prefix of ["spec5.", "spec9.", "decisions.money.", "decisions.ledger.", "decisions.orders."])
      expect(
        ids.some((id) => id.startsWith(prefix)),
        prefix,
      ).toBe(true)
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+)+$/)
      expect(rule.quote.length, rule.id).toBeGreaterThan(10)
    }
  })

  it("every rule names at least one test, except the clauses that are no rule of the code, which say why", () => {
    const untested = RULES.filter((rule) => rule.tests.length === 0).map((rule) => rule.id)
    expect(untested).toEqual(OUTSIDE)
    for (const rule of RULES) {
      if (rule.outside === undefined) expect(rule.tests.length, rule.id).toBeGreaterThan(0)
      else {
        expect(rule.tests, `${rule.id} is outside: it names no test`).toEqual([])
        expect(rule.outside.length, rule.id).toBeGreaterThan(20)
      }
    }
  })

  it("every test the map names exists, by that name, in the file it names", () => {
    const missing = RULES.flatMap((rule) =>
      rule.tests
        .filter((test) => {
          const path = join(repoDir, test.file)
          if (!existsSync(path)) return true
          const sources = [readFileSync(path, "utf8"), ...supportSources]
          return !written(ownName(test.name)).some((text) => sources.some((source) => source.includes(text)))
        })
        .map((test) => `${rule.id}: ${test.file} › ${test.name}`),
    )
    expect(missing).toEqual([])
  })

  it("the audit run runs every file the map names, and only from core's and the web app's tests", () => {
    const files = RULES.flatMap((rule) => rule.tests.map((test) => test.file))
    for (const file of files) expect(file).toMatch(/^(core|web)\/test\/.+\.test\.tsx?$/)
    const run = [
      ...auditedFiles("core/").map((f) => `core/${f}`),
      ...auditedFiles("web/").map((f) => `web/${f}`),
    ]
    expect(new Set(run)).toEqual(new Set(files))
  })

  it("the check finds what it looks for: a name that is not in its file is missing", () => {
    const source = readFileSync(join(repoDir, "core/test/fees/Fees.test.ts"), "utf8")
    expect(written("crypto 0 + 1%").some((text) => source.includes(text))).toBe(true)
    expect(written("crypto 0 + 2%").some((text) => source.includes(text))).toBe(false)
  })
})
