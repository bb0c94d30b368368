/**
 * `landunits --help` and argument errors, as an admin meets them: the CLI as its own OS process, with no
 * database anywhere. They answer from the command tree alone: commander's help and errors, without loading
 * Effect, core's services or the adapters (each command's module is imported when that command runs).
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { ContentKinds, ContentPageSlug } from "@landunits/core/content/ContentModel.ts"
import { CurrencyTypes, UnitTypeFilters, UnitTypes } from "@landunits/core/shared/EnumValues.ts"
import type { Command } from "commander"
import { afterAll, describe, expect, it } from "vitest"
import { CONTENT_KINDS, PAGE_SLUGS } from "../src/commands/content.ts"
import { buildProgram } from "../src/Program.ts"

const BIN = fileURLToPath(new URL("../src/bin.ts", import.meta.url))
/** What `npx landunits` and `npm run cli` start: turns Node's compile cache on, then runs BIN. */
const LAUNCHER = fileURLToPath(new URL("../bin/landunits.js", import.meta.url))
/** A DATA_DIR with nothing in it: a command that opened the database would create files here. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-cli-help-"))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Records every module the process resolves, printed on stderr as it exits. */
const RECORD_MODULES = `
import { registerHooks } from "node:module"
const loaded = []
registerHooks({ resolve: (specifier, context, next) => { const r = next(specifier, context); loaded.push(r.url); return r } })
process.on("exit", () => process.stderr.write("\\nLOADED " + JSON.stringify(loaded) + "\\n"))
`

const landunits = (
  args: ReadonlyArray<string>,
  nodeArgs: ReadonlyArray<string> = [],
  entry = BIN,
  extraEnv: Readonly<Record<string, string>> = {},
) => {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, ...extraEnv }
  delete env.DATABASE_URL
  delete env.LANDUNITS_ADMIN
  // Vitest turns Node's compile cache off for its processes when it collects coverage (`npm test` does).
  delete env.NODE_DISABLE_COMPILE_CACHE
  const run = spawnSync(process.execPath, [...nodeArgs, entry, ...args], { env, encoding: "utf8", input: "" })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

const GROUPS = buildProgram(async () => {
  throw new Error("--help opens no database")
}).commands.map((group) => group.name())

describe("landunits --help", () => {
  it("lists `status`, `doctor` and every command group with its description, exits 0 and opens no database", () => {
    const help = landunits(["--help"])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain("Usage: landunits [options] [command]")
    expect(GROUPS).toEqual([
      "status",
      "doctor",
      "users",
      "kyc",
      "documents",
      "orders",
      "sales-queue",
      "payouts",
      "approvals",
      "statements",
      "invoices",
      "ledger",
      "pricing",
      "discount-codes",
      "content",
      "agents",
      "saleschat",
      "mail",
      "recordings",
      "audit",
      "db",
    ])
    for (const group of GROUPS) expect(help.stdout).toMatch(new RegExp(`^  ${group} +\\S`, "m"))
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  it("loads commander and the command tree only: not Effect, core's services or the adapters", () => {
    const help = landunits(
      ["kyc", "list", "--help"],
      ["--import", `data:text/javascript,${encodeURIComponent(RECORD_MODULES)}`],
    )
    expect(help.code).toBe(0)
    const loaded = JSON.parse(/LOADED (.*)/.exec(help.stderr)?.[1] ?? "[]") as ReadonlyArray<string>
    expect(loaded.some((url) => url.includes("/node_modules/commander/"))).toBe(true)
    const app = loaded.filter(
      (url) =>
        url.includes("/node_modules/effect/") ||
        url.includes("/adapters/src/") ||
        (url.includes("/core/src/") && !url.endsWith("/core/src/shared/EnumValues.ts")) ||
        /\/cli\/src\/commands\/[^/]+\/[^/]+\.ts$/.test(url),
    )
    expect(app).toEqual([])
  })
})

describe("the landunits launcher", () => {
  it("answers what bin.ts answers, its compiled code kept in the compile cache for the next command", () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-cli-cache-"))
    try {
      const launched = landunits(["kyc", "--help"], [], LAUNCHER, { NODE_COMPILE_CACHE: cache })
      expect(launched).toEqual(landunits(["kyc", "--help"]))
      expect(launched.code).toBe(0)
      expect(fs.readdirSync(cache)).not.toEqual([])
    } finally {
      fs.rmSync(cache, { recursive: true, force: true })
    }
  })
})

describe("the names help gives are the names the commands take (issue 38)", () => {
  const helpOf = (command: Command): string =>
    [command.helpInformation(), ...command.commands.map(helpOf)].join("\n")
  const program = buildProgram(async () => {
    throw new Error("--help opens no database")
  })

  it("every unit type, currency and coin a help text names is core's, and orders list offers every unit type", () => {
    const help = helpOf(program)
    const named = new Set(help.match(/\bLAND_[A-Z]+\b/g) ?? [])
    expect([...named].filter((n) => !(UnitTypeFilters as ReadonlyArray<string>).includes(n))).toEqual([])
    expect(help).not.toContain("LAND_GBP")
    const ordersList = program.commands
      .find((c) => c.name() === "orders")
      ?.commands.find((c) => c.name() === "list")
    const words = (c: Command | undefined) => (c?.helpInformation() ?? "").replace(/\s+/g, " ")
    expect(words(ordersList)).toContain(`--unit-type <unitType> ${UnitTypeFilters.join(", ")}`)
    const setPrice = program.commands
      .find((c) => c.name() === "pricing")
      ?.commands.find((c) => c.name() === "set-price")
    expect(words(setPrice)).toContain(`unitType ${UnitTypes.join(", ")}`)
    const setBank = program.commands
      .find((c) => c.name() === "pricing")
      ?.commands.find((c) => c.name() === "set-bank-account")
    expect(words(setBank)).toContain(`currency ${CurrencyTypes.join(", ")}`)
  })
})

describe("a DATA_DIR without a database (issue 38)", () => {
  it("a command is refused in words that say how to point the CLI at the data, and nothing is created", () => {
    const refused = landunits(["--as", "admin@landunits.example", "orders", "list"])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe("")
    expect(refused.stderr).toContain(`Refused: There is no Landunits database in ${dataDir} (DATA_DIR)`)
    expect(refused.stderr).toContain("Set DATA_DIR to the folder the app runs on")
    expect(refused.stderr).toContain("DATABASE_URL")
    expect(refused.stderr).not.toContain("is not an admin")
    expect(landunits(["db", "status"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Refused: There is no/),
    })
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})

describe("argument errors", () => {
  it("an unknown option is commander's error with the usage, on stderr, and a non-zero exit", () => {
    const top = landunits(["--bogus"])
    expect(top.code).toBe(1)
    expect(top.stdout).toBe("")
    expect(top.stderr).toMatch(/^error: unknown option '--bogus'\n\nUsage: landunits \[options\] \[command\]/)
    const inCommand = landunits(["kyc", "list", "--bogus"])
    expect(inCommand.code).toBe(1)
    expect(inCommand.stderr).toMatch(/^error: unknown option '--bogus'\n\nUsage: landunits kyc list\|pending/)
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  it("an unknown command and a missing argument are refused the same way, before anything opens", () => {
    expect(landunits(["nosuch"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: unknown command 'nosuch'/),
    })
    expect(landunits(["orders", "show"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: missing required argument 'orderId'/),
    })
    expect(landunits(["kyc", "reject", "kim@example.com"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: required option '--reason <text>' not specified/),
    })
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})

describe("the help's lists, written out so that help loads no schema", () => {
  it("name core's content kinds and text pages", () => {
    expect(CONTENT_KINDS).toBe(ContentKinds.join(", "))
    expect(PAGE_SLUGS).toBe(ContentPageSlug.literals.join(", "))
  })
})
