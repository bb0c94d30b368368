/**
 * One adapter file per port and technology, named after the port (issue 40): a port of core
 * (`core/src/<area>/ports/<Port>.ts`) implemented under adapters/src is implemented in `<Port><Tech>.ts`
 * (`AccountRepositoryPg.ts`, `PasswordHasherScrypt.ts`, `OneTimePasswordsTotp.ts`), and a file implements one port.
 * Rows and helpers several adapters share go in a module named for what it exports (postgres/UnitRowsPg.ts,
 * postgres/MemberRowsPg.ts).
 *
 * A port's memory implementation is its `layerMemory` static in the port's own file, as are its other in-process
 * ones (`layerFromStores`, the test stand-ins): the port's file is their technology's file, so core is not walked.
 *
 * Where adapters/src implements a port, read from its source (comments left out), with the port known by its import
 * from a core ports module (under whatever local name):
 * - `<Port>.of(…)`, the service built in place;
 * - `Layer.effect|succeed|sync|scoped(<Port>)(…)` or `(<Port>, …)` whose service is written there (an object, an
 *   `Effect.…`, a function). A layer over a service made elsewhere (`Layer.succeed(StripeGateway)(testModeGateway(
 *   "stripe"))`, a choice between makers) is wiring: the maker is where the implementation is.
 * Nothing is allow-listed.
 */
import { readdirSync, readFileSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

const filesUnder = (dir: string, pattern: RegExp): ReadonlyArray<string> =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort()

/** Every port of core: the class its ports module declares, named as the file. */
const PORTS: ReadonlyArray<string> = filesUnder("core/src", /\.ts$/)
  .filter((file) => file.split(path.sep).includes("ports"))
  .map((file) => {
    const name = path.basename(file, ".ts")
    if (!new RegExp(`export class ${name}\\b`).test(readFileSync(path.join(ROOT, file), "utf8")))
      throw new Error(`${file} declares no class ${name}: not a port as this test reads them`)
    return name
  })

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")

/** The local name of each port a module imports from core's ports (`import { X as Y } from ".../ports/X.ts"`). */
const importedPorts = (text: string): ReadonlyMap<string, string> => {
  const found = new Map<string, string>()
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    const port = /\/ports\/(\w+)\.ts$/.exec(match[2] ?? "")?.[1]
    if (port === undefined || !PORTS.includes(port)) continue
    for (const part of (match[1] ?? "").split(",")) {
      const names = /^\s*(?:type\s+)?(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part)
      if (names?.[1] === port) found.set(names[2] ?? port, port)
    }
  }
  return found
}

const LAYER_CONSTRUCTORS = "effect|succeed|sync|scoped"

/** A layer's service written in place: an object, an `Effect.…` that builds it, a function. Anything else (a name, a
 * call of a maker, a choice between makers) is a service made elsewhere: wiring. */
const builtHere = (value: string) => /^(?:\{|Effect\.|\([^()]*\)\s*=>|async\b|function\b)/.test(value)

/** The ports a source implements, each with the line of one place that builds it. */
const implementedIn = (source: string): ReadonlyMap<string, number> => {
  const text = withoutComments(source)
  const lineOf = (index: number) => text.slice(0, index).split("\n").length
  const found = new Map<string, number>()
  for (const [local, port] of importedPorts(text)) {
    const add = (index: number) => {
      if (!found.has(port)) found.set(port, lineOf(index))
    }
    for (const m of text.matchAll(new RegExp(`(?<![\\w$.])${local}\\.of\\(`, "g"))) add(m.index)
    const layer = new RegExp(
      `\\bLayer\\.(?:${LAYER_CONSTRUCTORS})\\(\\s*${local}\\s*(?:\\)\\s*\\(|,)\\s*`,
      "g",
    )
    for (const m of text.matchAll(layer))
      if (builtHere(text.slice(m.index + m[0].length, m.index + m[0].length + 200))) add(m.index)
  }
  return found
}

const ADAPTERS = filesUnder("adapters/src", /\.tsx?$/).map((file) => ({
  file,
  ports: implementedIn(readFileSync(path.join(ROOT, file), "utf8")),
}))

describe("one adapter file per port and technology, named <Port><Tech>.ts", () => {
  it("reads the ports and finds their implementations", () => {
    expect(PORTS.length).toBeGreaterThan(50)
    const implemented = new Set(ADAPTERS.flatMap(({ ports }) => [...ports.keys()]))
    // One of each way adapters build a port: a Layer.effect with `.of`, a Layer.succeed without, a Layer.sync.
    for (const port of ["AccountRepository", "SecureRandom", "SquareGateway", "PriceBook"])
      expect(implemented).toContain(port)
    expect(
      implementedIn('import { AuditLog as Log } from "@landunits/core/x/ports/AuditLog.ts"\nLog.of({})'),
    ).toEqual(new Map([["AuditLog", 2]]))
    expect(
      implementedIn(
        'import { StripeGateway } from "@landunits/core/orders/ports/StripeGateway.ts"\nLayer.succeed(StripeGateway)(made("stripe"))',
      ).size,
    ).toBe(0)
  })

  it("each file under adapters/src implements at most one port", () => {
    expect(
      ADAPTERS.filter(({ ports }) => ports.size > 1).map(
        ({ file, ports }) => `${file} implements ${[...ports.keys()].join(", ")}`,
      ),
    ).toEqual([])
  })

  it("a port's implementation is in a file named <Port><Tech>.ts", () => {
    const misnamed = ADAPTERS.flatMap(({ file, ports }) =>
      [...ports].flatMap(([port, line]) =>
        new RegExp(`^${port}[A-Z][A-Za-z0-9]*$`).test(path.basename(file).replace(/\.tsx?$/, ""))
          ? []
          : [`${file}:${line} implements ${port}: name it ${port}<Tech>.ts`],
      ),
    )
    expect(misnamed).toEqual([])
  })

  it("one file per port and technology", () => {
    const byName = new Map<string, Array<string>>()
    for (const { file, ports } of ADAPTERS)
      if (ports.size > 0) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file])
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([])
  })
})
