/**
 * Issue 40: the tests have one harness, @effect/vitest's (`it.effect`, `layer()`, `TestClock`). A test file does
 * not write its own runner of an Effect (`const run = (effect: Effect.Effect<…>) => Effect.runPromise(…)`) nor make
 * its own clock (an object with `currentTimeMillisUnsafe`, or the old `ManualClock`). The files that still do are
 * listed below, each with why; the lists only shrink: a file that stops needing its exception leaves the list.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const repoDir = fileURLToPath(new URL("../../..", import.meta.url))

/**
 * A function of an Effect that runs it (a const, a function or an object's method): its parameters take an
 * `Effect.Effect<…>`, its body is `Effect.run…(` or a runtime's `.runPromise(`/`.runSync(`.
 */
const runnerPattern =
  /(?:(?:const|let|function)\s+(\w+)\s*=?|(?<![\w.])(\w+)\s*:)\s*(?:(?:<[^>]*>)?\s*\((?:[^()]|\([^()]*\))*\)\s*=>\s*)?(?:<[^>]*>)?\s*\((?:[^()]|\([^()]*\))*Effect\.Effect<(?:[^()]|\([^()]*\))*\)\s*(?::[^=\n]*)?(?:=>)?\s*\{?\s*(?:return\s+)?(?:Effect|[\w.()]*)\.run(?:Promise|Sync)\w*\(/g
const runnerName = (match: RegExpMatchArray) => match[1] ?? match[2]

/** A clock made by hand: an object giving `currentTimeMillisUnsafe`, or the old ManualClock imported. */
const ownClockPattern = /currentTimeMillisUnsafe\s*:|import \{[^}]*\bManualClock\b[^}]*\} from/

/** Files that still run their own Effects, and why. */
const ownRunners: Record<string, string> = {
  "adapters/test/documents/DocumentKeyRotation.test.ts":
    "each step opens the stores under another keyring, between steps of the suite database's own runtime (db.run) and raw SQL reads",
  "adapters/test/postgres/EmbeddedPostgres.test.ts":
    "opens and closes the embedded PostgreSQL on a data directory between steps, interleaved with other processes (execFile)",
  "adapters/test/postgres/OrderLocking.test.ts":
    "a fresh database on a PostgreSQL server per run (DATABASE_URL), read back after a restart; runs only where a server is given",
  "adapters/test/postgres/TransferChainHeadsPg.test.ts":
    "a fresh database on a PostgreSQL server per run (DATABASE_URL); runs only where a server is given",
}

/** Files that still make or use a hand-made clock, and why. */
const ownClocks: Record<string, string> = {
  "cli/test/support/InProcessCli.ts":
    "a clock ahead of the real one by a set amount for the CLI in process beside a running server: time still passes",
}

const testFiles = ["core/test", "adapters/test", "cli/test"].flatMap((dir) =>
  readdirSync(join(repoDir, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(repoDir, join(entry.parentPath, entry.name))),
)
const textOf = (file: string) => readFileSync(join(repoDir, file), "utf8")
const self = relative(repoDir, fileURLToPath(import.meta.url))

const withOwnRunner = testFiles
  .filter((file) => file !== self)
  .filter((file) => [...textOf(file).matchAll(runnerPattern)].length > 0)
  .sort()
const withOwnClock = testFiles
  .filter((file) => file !== self)
  .filter((file) => ownClockPattern.test(textOf(file)))
  .sort()

describe("one test harness: @effect/vitest's", () => {
  it("reads the test files of core, the adapters and the CLI", () => {
    expect(testFiles.length).toBeGreaterThan(250)
  })

  it("recognises a hand-written runner and a hand-made clock", () => {
    const runner =
      "const run = <A, E>(effect: Effect.Effect<A, E, Env>, clock = ManualClock.make(T0)) =>\n  Effect.runPromise(effect.pipe(Effect.provide(makeLayer())))"
    const curried =
      "const runWith =\n  <S>(makeLayer: () => Layer.Layer<S>) =>\n  <A, E>(effect: Effect.Effect<A, E, S>) =>\n    Effect.runPromise(Effect.provide(effect, makeLayer()))"
    const method = "run: <A, E>(effect: Effect.Effect<A, E, Services>): A => Effect.runSync(provide(effect)),"
    const helper =
      "const fresh = <A, E>(effect: Effect.Effect<A, E, Env>) =>\n  Effect.provide(effect, makeLayer())"
    expect([...runner.matchAll(runnerPattern)].map(runnerName)).toEqual(["run"])
    expect([...curried.matchAll(runnerPattern)].map(runnerName)).toEqual(["runWith"])
    expect([...method.matchAll(runnerPattern)].map(runnerName)).toEqual(["run"])
    expect([...helper.matchAll(runnerPattern)]).toEqual([])
    expect(ownClockPattern.test('import { ManualClock } from "../support/ManualClock.ts"')).toBe(true)
    expect(ownClockPattern.test("currentTimeMillisUnsafe: () => now,")).toBe(true)
  })

  it("no test file writes its own runner of an Effect: it.effect (or it.live) runs it, layer() or Effect.provide gives its services", () => {
    expect(withOwnRunner.filter((file) => !(file in ownRunners))).toEqual([])
  })

  it("no test file makes its own clock: TestClock (setTime, adjust) moves time", () => {
    expect(withOwnClock.filter((file) => !(file in ownClocks))).toEqual([])
  })

  it("the exceptions only shrink: a file listed still needs its exception", () => {
    expect(Object.keys(ownRunners).filter((file) => !withOwnRunner.includes(file))).toEqual([])
    expect(Object.keys(ownClocks).filter((file) => !withOwnClock.includes(file))).toEqual([])
  })
})
