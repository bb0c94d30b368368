/**
 * The admin CLI run in-process for a test file: an embedded database in a temporary folder, seeded with the
 * demo data (or, with `seed: "siteContent"`, only the site content, as a production start does) and the
 * file's own people, and a `cli(...)` that runs one command line through commander and
 * answers what it printed and its exit code (stdin is not a terminal here: a non-interactive shell).
 */
import * as fs from "node:fs"
import { seedDemo } from "@landunits/adapters/demo/DemoSeed.ts"
import { seedSiteContent } from "@landunits/adapters/demo/SiteContentSeed.ts"
import { layerEmbedded } from "@landunits/adapters/postgres/Database.ts"
import type { Role } from "@landunits/core/accounts/AccountModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "@landunits/core/accounts/ports/PasswordHasher.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { Clock, ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, vi } from "vitest"
import { type AppRuntime, layerCli, layerStderrLogger, makeRuntime } from "../../src/Admin.ts"
import { buildProgram } from "../../src/Program.ts"

/** Someone the file needs besides the demo member: a confirmed USER account. */
export interface Person {
  readonly memberId: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly role: Role
}

interface CliOutcome {
  readonly out: string
  readonly err: string
  readonly code: number
}

/** Every service the runtime provides, for effects the tests run on it directly. */
type Services =
  Parameters<AppRuntime["runPromise"]>[0] extends Effect.Effect<unknown, unknown, infer R> ? R : never

export interface InProcessCli {
  /** The file's temporary folder (the embedded database lives in it; tests may write files there). */
  readonly dir: () => string
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<A>
  readonly cli: (...args: ReadonlyArray<string>) => Promise<CliOutcome>
}

/** A Clock `ahead()` milliseconds ahead of the real one; sleeping and monotonic time stay the real clock's. */
const layerClockAhead = (ahead: () => number) =>
  Layer.effect(Clock.Clock)(
    Clock.clockWith((real) => {
      const millis = () => real.currentTimeMillisUnsafe() + ahead()
      const nanos = () => BigInt(millis()) * 1_000_000n
      return Effect.succeed<Clock.Clock>({
        currentTimeMillisUnsafe: millis,
        currentTimeMillis: Effect.sync(millis),
        currentTimeNanosUnsafe: nanos,
        currentTimeNanos: Effect.sync(nanos),
        monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
        monotonicTimeNanos: real.monotonicTimeNanos,
        sleep: (duration) => real.sleep(duration),
      })
    }),
  )

/** Registers the file's beforeAll/afterAll: the seeded database is made once and removed at the end. */
/** The password of every person the in-process CLI inserts. */
export const PERSON_PASSWORD = "Person2026"

export const useInProcessCli = (
  people: ReadonlyArray<Person>,
  options: {
    readonly seed?: "demo" | "siteContent"
    /**
     * Settings the app reads as if from its environment. Not process.env: effect's default config provider keeps
     * the environment it first read, and test files share their worker's process.
     */
    readonly config?: Readonly<Record<string, string>>
    /**
     * How far ahead of the real clock the app's clock reads, asked at each reading (0 by default): a test moves it
     * to act later without waiting, as an admin typing a fresh authenticator code 30 s after the last.
     */
    readonly clockAhead?: () => number
  } = {},
): InProcessCli => {
  let runtime: AppRuntime | undefined
  let dir: string | undefined

  beforeAll(async () => {
    dir = migratedDataDir("landunits-cli-")
    const database = layerEmbedded(dir)
    runtime =
      options.config === undefined && options.clockAhead === undefined
        ? makeRuntime(database)
        : (ManagedRuntime.make(
            layerCli(database).pipe(
              Layer.provideMerge(layerStderrLogger),
              // Merged, not only provided: commands read settings when they run (the admin's second factor), not
              // only when the layers are built.
              Layer.provideMerge(
                ConfigProvider.layerAdd(ConfigProvider.fromUnknown(options.config ?? {}), {
                  asPrimary: true,
                }),
              ),
              Layer.provideMerge(
                options.clockAhead === undefined ? Layer.empty : layerClockAhead(options.clockAhead),
              ),
            ),
          ) as AppRuntime)
    await runtime.runPromise(
      options.seed === "siteContent" ? Effect.asVoid(seedSiteContent) : Effect.asVoid(seedDemo),
    )
    await runtime.runPromise(
      Effect.gen(function* () {
        const accounts = yield* AccountRepository
        // One real hash for all: a member without a factor gives it to set up their first (MemberGuard).
        const passwordHash = yield* (yield* PasswordHasher).hash(PERSON_PASSWORD)
        yield* Effect.forEach(people, (person, index) =>
          accounts.insert({
            ...person,
            memberId: MemberId.make(person.memberId),
            userType: "USER",
            passwordHash,
            emailConfirmedAt: 1,
            firstLogin: false,
            createdAt: index + 1,
          }),
        )
      }),
    )
  }, 120_000)

  afterAll(async () => {
    await runtime?.dispose()
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true })
  })

  const started = (): AppRuntime => {
    if (runtime === undefined) throw new Error("the CLI runtime is used before the file's beforeAll ran")
    return runtime
  }

  return {
    dir: () => {
      if (dir === undefined) throw new Error("the folder is used before the file's beforeAll ran")
      return dir
    },
    run: (effect) => started().runPromise(effect),
    cli: async (...args) => {
      const out: Array<string> = []
      const err: Array<string> = []
      const log = vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line))
      const error = vi.spyOn(console, "error").mockImplementation((line: string) => void err.push(line))
      process.exitCode = 0
      try {
        await buildProgram(async () => started()).parseAsync(["node", "landunits", ...args])
      } finally {
        log.mockRestore()
        error.mockRestore()
      }
      const code = process.exitCode ?? 0
      process.exitCode = 0
      return { out: out.join("\n"), err: err.join("\n"), code }
    },
  }
}
