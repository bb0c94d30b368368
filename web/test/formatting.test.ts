// @vitest-environment node
/**
 * One formatting module (issue 38): every number, amount, price, rate, percentage and date the web app shows is
 * made by core's format/Format.ts. A page or component that formats on its own (Intl, toLocale…, toFixed) is named
 * here, so the pages cannot drift apart again ("1.5%" on one page, "1.50%" on the next). The browser side of the
 * same rule: e2e/wordsReviewDefaults.test.ts reads every dashboard route's text for dates and decimals in any
 * other form.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))

const sourceFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".gen.ts") ? [full] : []
  })

/** Ways to turn a number or a date into text other than core's formatters. */
const OWN_FORMATTING = /\bIntl\.|\.toLocale(?:String|DateString|TimeString)\(|\.toFixed\(/g

/**
 * Where formatting that is never read by a person is allowed, and why: the chart's SVG path coordinates (the
 * figures it shows are formatted by the caller, with core's formatters).
 */
const ALLOWED: Readonly<Record<string, RegExp>> = {
  "components/shared/LineChart.tsx": /\.toFixed\(1\)/,
}

describe("one formatting module", () => {
  it("no web module formats a number or a date on its own: core's format/Format.ts does", () => {
    const found: Array<string> = []
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join("/")
      const lines = fs.readFileSync(file, "utf8").split("\n")
      lines.forEach((line, i) => {
        for (const match of line.matchAll(OWN_FORMATTING)) {
          if (ALLOWED[relative]?.test(line.slice(match.index)) === true) continue
          found.push(`${relative}:${i + 1}: ${line.trim()}`)
        }
      })
    }
    expect(found).toEqual([])
  })

  it("the check finds what it looks for", () => {
    const sample = 'const a = x.toFixed(1); const b = d.toLocaleDateString("en-GB"); new Intl.NumberFormat()'
    expect([...sample.matchAll(OWN_FORMATTING)].length).toBe(3)
  })
})
