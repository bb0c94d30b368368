/**
 * Issue 40: no core source file is over 400 lines. A file that grows past it is split into cohesive modules named
 * for what they export (the house style), not let through: every file under core/src counts, none excluded.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const MAX_LINES = 400
const repoDir = fileURLToPath(new URL("../../..", import.meta.url))
const srcDir = join(repoDir, "core", "src")

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0)

const sourceFiles = readdirSync(srcDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))

describe("core's file size", () => {
  it("reads the source files", () => {
    expect(sourceFiles.length).toBeGreaterThan(100)
  })

  it(`no core/src file is over ${MAX_LINES} lines`, () => {
    const over = sourceFiles
      .map((file) => ({ file: relative(repoDir, file), lines: lineCount(readFileSync(file, "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(over, `Over ${MAX_LINES} lines: split them into modules named for what they export`).toEqual([])
  })
})
