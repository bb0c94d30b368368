/**
 * A doc that names a file that no longer exists is a bug (docs say how things are now). This test reads the README,
 * every doc under docs/ and the benchmark history under bench/results/, and fails for
 * - a relative Markdown link whose target is not in the repository, and
 * - a repository path written in backticks (`core/src/…`, `web/e2e/…`, `bench/…`) that is not there,
 * except the build outputs named below, which a build makes and git ignores.
 *
 * It lives with the CLI's tests because the operator's docs are what it guards most; it reads files only.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { docs, ROOT } from "./support/RepositoryDocs.ts"

/** Made by a build or a test run, ignored by git: a doc may name them before they exist. */
const BUILD_OUTPUTS = ["web/builds", "web/test-artifacts", "bench/results/lighthouse"]

const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g
const NAMED_PATH = /`((?:core|adapters|web|cli|bench|docs|test-support)\/[\w./$[\]-]+)`/g

const exists = (relative: string) => fs.existsSync(path.join(ROOT, relative))
const isBuildOutput = (relative: string) =>
  BUILD_OUTPUTS.some((output) => relative === output || relative.startsWith(`${output}/`))

const missingIn = (doc: string): ReadonlyArray<string> => {
  const text = fs.readFileSync(path.join(ROOT, doc), "utf8")
  const missing: Array<string> = []
  for (const [, target] of text.matchAll(LINK)) {
    if (target === undefined || /^[a-z]+:/i.test(target)) continue
    const relative = path.normalize(path.join(path.dirname(doc), target))
    if (!exists(relative) && !isBuildOutput(relative)) missing.push(`link ${target}`)
  }
  for (const [, named] of text.matchAll(NAMED_PATH)) {
    if (named === undefined || named.includes("...")) continue
    const relative = named.replace(/[/.]+$/, "")
    if (!exists(relative) && !isBuildOutput(relative)) missing.push(`path ${named}`)
  }
  return missing
}

describe("the docs name files that exist", () => {
  it("reads the README, the docs and the benchmark history", () => {
    expect(docs).toContain("docs/benchmarks.md")
    expect(docs.some((doc) => doc.startsWith("bench/results/"))).toBe(true)
  })

  it.each(docs)("%s", (doc) => {
    expect(missingIn(doc)).toEqual([])
  })
})
