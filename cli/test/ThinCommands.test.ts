/**
 * Issue 37, the admin side: the CLI is a thin controller. A command parses its arguments, asks, calls one of core's
 * use cases and prints; it never reaches a port or an adapter itself (docs/architecture.md). This test reads every
 * file under cli/src/commands and fails for one that imports a core port (`…/ports/…`), an adapter module
 * (`@landunits/adapters/…`) or the SQL client, so a new command written against a port fails CI.
 *
 * The exceptions are named below, each with the modules it may import and why: the database's own upkeep and the
 * checks that read the storage itself (infrastructure, not the domain), and two renderers of a file format.
 * An allowance that is no longer used fails too, so the list stays the truth.
 *
 * The commands' shared support code (cli/src/support: the guard, lookups, output) reaches no port either.
 * Nor does a command write the audit log itself: what an admin did is audited by the use case that did it (the
 * CLI's own `audit` helper is left to the infrastructure commands that change the storage, named below).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const COMMANDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/commands")
const SUPPORT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/support")

const INFRASTRUCTURE = "infrastructure: the database's own upkeep, run on the storage itself"

/** Command files allowed to import these ports or adapters, and why. */
const ALLOWED: Readonly<Record<string, { readonly modules: ReadonlyArray<string>; readonly why: string }>> = {
  "db/backup.ts": {
    modules: [
      "@landunits/adapters/backup/BackupErrors.ts",
      "@landunits/adapters/backup/BackupFile.ts",
      "@landunits/adapters/backup/BackupManifest.ts",
      "@landunits/adapters/backup/EmbeddedBackup.ts",
      "@landunits/adapters/backup/ServerBackup.ts",
      "@landunits/adapters/postgres/Database.ts",
      "@landunits/adapters/postgres/EmbeddedPostgres.ts",
    ],
    why: `${INFRASTRUCTURE}: a dump of the database (pg_dump or PGlite's) into an encrypted file`,
  },
  "db/restore.ts": {
    modules: [
      "@landunits/adapters/backup/BackupErrors.ts",
      "@landunits/adapters/backup/BackupFile.ts",
      "@landunits/adapters/backup/BackupManifest.ts",
      "@landunits/adapters/backup/EmbeddedBackup.ts",
      "@landunits/adapters/backup/ServerBackup.ts",
      "@landunits/adapters/postgres/Database.ts",
      "@landunits/adapters/postgres/Migrations.ts",
      "@landunits/adapters/postgres/RestoreDrillMarkPg.ts",
    ],
    why: `${INFRASTRUCTURE}: a backup file restored into an empty database, checked against the migrations (and marked as a restore drill's copy with --drill)`,
  },
  "db/migrate.ts": {
    modules: ["@landunits/adapters/postgres/Database.ts", "@landunits/adapters/postgres/Migrations.ts"],
    why: `${INFRASTRUCTURE}: the schema's migrations, before the app's services can run`,
  },
  "db/status.ts": {
    modules: [
      "@landunits/adapters/postgres/Database.ts",
      "@landunits/adapters/postgres/MigrationStatesPg.ts",
    ],
    why: `${INFRASTRUCTURE}: which migrations the schema has, read from its migrations table`,
  },
  "db/seed.ts": {
    modules: [
      "@landunits/adapters/demo/DemoHistory.ts",
      "@landunits/adapters/demo/DemoSeed.ts",
      "@landunits/adapters/demo/FirstStartSeed.ts",
      "@landunits/adapters/demo/SiteContentSeed.ts",
    ],
    why: `${INFRASTRUCTURE}: the first start's seeds, the same the app runs (adapters/src/demo)`,
  },
  "documents/rekey.ts": {
    modules: [
      "@landunits/adapters/documents/DocumentKey.ts",
      "@landunits/adapters/postgres/DocumentRekeyPg.ts",
    ],
    why: `${INFRASTRUCTURE}: every sealed row re-sealed under the new DOCUMENT_KEY, in the storage's batches`,
  },
  "ledger/verify.ts": {
    modules: [
      "@landunits/adapters/postgres/ChainRowsPg.ts",
      "@landunits/adapters/postgres/NativeLiabilitiesHash.ts",
      "@landunits/core/ledger/ports/LedgerSigner.ts",
    ],
    why:
      "infrastructure: the stored rows themselves, read in one REPEATABLE READ transaction and checked by core's " +
      "ChainVerifier against the signing key: it checks the storage, so it may not go through the use cases it checks; " +
      "every checkpoint's liabilities trees rebuilt with Node's native hashes (property-tested equal to core's)",
  },
  "status/show.ts": {
    modules: [
      "@landunits/adapters/status/InstallationStatus.ts",
      "@landunits/adapters/postgres/Database.ts",
      "@landunits/adapters/postgres/InstallationStatusPg.ts",
    ],
    why:
      "infrastructure: the installation's state (migrations, app processes' heartbeats, jobs' runs, queues' ages) " +
      "read straight from the database without the app's services, so it answers when the app cannot start",
  },
  "recordings/export.ts": {
    modules: ["@landunits/adapters/recording/RecordingReplay.ts"],
    why: "a file format: the HTML replay (rrweb-player inlined from the installed package); core's use case reads and audits",
  },
  "statements/export.ts": {
    modules: ["@landunits/adapters/statements/MemberStatement.ts"],
    why: "a file format: the statement's PDF, rendered as the HTTP download renders it; core's use case builds and audits",
  },
  "invoices/export.ts": {
    modules: ["@landunits/adapters/statements/MemberStatement.ts"],
    why: "a file format: an invoice's PDF, drawn by the statement's renderer; core's use case lists and audits",
  },
}

/** Command files that write their own audit entry: infrastructure, with no core use case behind them. */
const AUDITING_ITSELF: Readonly<Record<string, string>> = {
  "db/seed.ts": "the first start's seeds, audited as the OS user or the admin who ran them",
  "documents/rekey.ts": "the re-sealing of the storage under a new key, audited with the key and the counts",
}

const filesUnder = (dir: string): ReadonlyArray<string> =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name))
        : entry.name.endsWith(".ts")
          ? [path.join(dir, entry.name)]
          : [],
    )

/** Every module a file imports: static `from "…"`, `import "…"`, and dynamic `import("…")`. */
const importsOf = (source: string): ReadonlyArray<string> =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((m) => m[1]!)

/** A core port, an adapter module, or the SQL client: what a command must reach through core's use cases. */
const isPortOrAdapter = (module: string) =>
  module.includes("/ports/") ||
  module.startsWith("@landunits/adapters") ||
  module.includes("/adapters/src/") ||
  module === "effect/sql" ||
  module.startsWith("@effect/sql")

/** Whether a file imports the CLI's own `audit` helper (support/Operator.ts, re-exported by Admin.ts). */
const importsAudit = (source: string) =>
  /import\s*(?:type\s*)?\{[^}]*\baudit\b[^}]*\}\s*from\s*["'][^"']*\/(?:Operator|Admin)\.ts["']/.test(source)

const commandFiles = filesUnder(COMMANDS).map((file) => {
  const source = fs.readFileSync(file, "utf8")
  return {
    name: path.relative(COMMANDS, file).split(path.sep).join("/"),
    reached: importsOf(source).filter(isPortOrAdapter),
    audits: importsAudit(source),
  }
})

describe("the CLI's commands are thin controllers: they reach no port or adapter, only core's use cases", () => {
  it("reads the commands (the scan finds the files and their imports)", () => {
    expect(commandFiles.length).toBeGreaterThan(60)
    expect(importsOf('import { a } from "x"\nconst b = await import("y")\nimport "z"')).toEqual([
      "x",
      "y",
      "z",
    ])
  })

  it("no command file imports a core port, an adapter or the SQL client, but the allowed ones, each for its reason", () => {
    const offending = commandFiles.flatMap(({ name, reached }) =>
      reached
        .filter((module) => !(ALLOWED[name]?.modules ?? []).includes(module))
        .map(
          (module) =>
            `${name} imports ${module}: call a core use case (core/src/<context>/<Context>Admin.ts)`,
        ),
    )
    expect(offending).toEqual([])
  })

  it("no command writes the audit log itself but the infrastructure commands: core's use cases audit what they do", () => {
    expect(importsAudit('import { audit, requireAdmin } from "../../support/Operator.ts"')).toBe(true)
    expect(importsAudit('import { auditShow } from "./audit/show.ts"')).toBe(false)
    const auditing = commandFiles.filter((f) => f.audits).map((f) => f.name)
    expect(auditing.toSorted()).toEqual(Object.keys(AUDITING_ITSELF).toSorted())
  })

  it("nor does the commands' shared support code (the guard, lookups, output) reach a core port", () => {
    const reaching = filesUnder(SUPPORT).flatMap((file) =>
      importsOf(fs.readFileSync(file, "utf8"))
        .filter((module) => module.includes("/ports/"))
        .map((module) => `${path.basename(file)} imports ${module}`),
    )
    expect(reaching).toEqual([])
  })

  it("every allowance is still used, and says why", () => {
    for (const [name, { modules, why }] of Object.entries(ALLOWED)) {
      const file = commandFiles.find((f) => f.name === name)
      expect(file, `${name} is allowed but does not exist`).toBeDefined()
      for (const module of modules)
        expect(file!.reached, `${name} no longer imports ${module}`).toContain(module)
      expect(why.length).toBeGreaterThan(20)
    }
  })
})
