/**
 * Backing up and restoring a PostgreSQL server's database (DATABASE_URL) with the server's own tools:
 * `pg_dump --format=custom` (one consistent snapshot, taken while the app serves: pg_dump reads in one
 * REPEATABLE READ transaction and blocks no writer) and `pg_restore` into an empty database, in one
 * transaction, so a failed restore leaves the database empty. Both must be on PATH, of the server's major
 * version or newer; without them the command says how to get them.
 *
 * The password never appears on a command line: it goes to the tools in PGPASSWORD.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect } from "effect"
import { appliedMigrations, serverVersion } from "../postgres/AppliedMigrations.ts"
import { userRelationCount } from "../postgres/UserRelationsPg.ts"
import { extractEntry } from "./BackupArchive.ts"
import { BackupFailed, BackupRefused, RestoreTargetNotEmpty } from "./BackupErrors.ts"
import type { OpenedBackup, Snapshot } from "./BackupFile.ts"
import { SERVER_DUMP_FILE } from "./BackupManifest.ts"

export type PgTool = "pg_dump" | "pg_restore"

/** Where `tool` is on PATH, if it is. */
export const findOnPath = (tool: PgTool, searchPath = process.env.PATH ?? ""): string | undefined =>
  searchPath
    .split(path.delimiter)
    .filter((dir) => dir !== "")
    .map((dir) => path.join(dir, tool))
    .find((candidate) => {
      try {
        fs.accessSync(candidate, fs.constants.X_OK)
        return fs.statSync(candidate).isFile()
      } catch {
        return false
      }
    })

const requireTool = (tool: PgTool) =>
  Effect.suspend(() => {
    const found = findOnPath(tool)
    return found !== undefined
      ? Effect.succeed(found)
      : Effect.fail(
          new BackupRefused({
            message:
              `Refused: ${tool} is not on PATH. Install PostgreSQL's client tools of your server's major version ` +
              "or newer (Debian and Ubuntu: apt-get install postgresql-client; the server's own packages have them) " +
              `and put them on PATH, then run this again. Without them, ${
                tool === "pg_dump"
                  ? "take the backup on a machine that has them: pg_dump --format=custom --file=landunits.pgdump <DATABASE_URL>"
                  : "restore on a machine that has them"
              }.`,
          }),
        )
  })

/** The URL without its password, and the password for PGPASSWORD. */
const connection = (url: string) => {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ""
  return { dbname: u.toString(), env: password === "" ? {} : { PGPASSWORD: password } }
}

/** Runs a PostgreSQL tool; fails with what it wrote on stderr. */
const runTool = (tool: string, args: ReadonlyArray<string>, env: Record<string, string>) =>
  Effect.callback<void, BackupFailed>((resume) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] })
    const err: Array<Buffer> = []
    child.stderr.on("data", (b: Buffer) => err.push(b))
    child.on("error", (cause) =>
      resume(Effect.fail(new BackupFailed({ message: `${tool} could not start: ${cause.message}`, cause }))),
    )
    child.on("close", (code) =>
      resume(
        code === 0
          ? Effect.void
          : Effect.fail(
              new BackupFailed({
                message: `${path.basename(tool)} failed (exit code ${code}): ${Buffer.concat(err).toString("utf8").trim()}`,
              }),
            ),
      ),
    )
    return Effect.sync(() => child.kill("SIGTERM"))
  })

/** `pg_dump --version`'s answer, e.g. "pg_dump (PostgreSQL) 15.20". */
const toolVersion = (tool: string) =>
  Effect.callback<string>((resume) => {
    const child = spawn(tool, ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
    const out: Array<Buffer> = []
    child.stdout.on("data", (b: Buffer) => out.push(b))
    child.on("error", () => resume(Effect.succeed(path.basename(tool))))
    child.on("close", () => resume(Effect.succeed(Buffer.concat(out).toString("utf8").trim())))
  })

/** A temporary folder of our own (mode 0700), removed when the scope closes. */
export const scratchDir = Effect.acquireRelease(
  Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "landunits-backup-"))),
  (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true })),
)

/**
 * pg_dump of the database at `url` into `dir`; the migrations are read just before, through `SqlClient` on the
 * same database. `takenAt` is before pg_dump starts, so whatever was committed by then is in the dump.
 */
export const dumpServer = (url: string, dir: string) =>
  Effect.gen(function* () {
    const pgDump = yield* requireTool("pg_dump")
    const migrations = yield* appliedMigrations
    const version = yield* serverVersion
    const file = path.join(dir, SERVER_DUMP_FILE)
    const { dbname, env } = connection(url)
    const takenAt = new Date()
    yield* runTool(pgDump, ["--format=custom", `--file=${file}`, `--dbname=${dbname}`], env)
    return {
      database: "server",
      takenAt,
      postgres: `${yield* toolVersion(pgDump)} of PostgreSQL ${version}`,
      migrations,
      dump: { name: SERVER_DUMP_FILE, path: file },
    } satisfies Snapshot
  })

/** The tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
const userRelations = userRelationCount.pipe(
  Effect.mapError(
    (cause) =>
      new BackupFailed({ message: `The target database could not be read: ${cause.message}`, cause }),
  ),
)

/**
 * Restores a server backup into the database at `url`, which must be empty (no table, view or sequence of
 * its own); pg_restore runs in one transaction and stops at the first error. Answers the restored migrations.
 */
export const restoreServer = (url: string, backup: OpenedBackup, dir: string) =>
  Effect.gen(function* () {
    if (backup.manifest.database !== "server")
      return yield* new BackupRefused({
        message: `Refused: ${backup.file} is a backup of the embedded database; restore it with DATABASE_URL unset and DATA_DIR naming an empty folder`,
      })
    const pgRestore = yield* requireTool("pg_restore")
    const relations = yield* userRelations
    if (relations > 0)
      return yield* new RestoreTargetNotEmpty({
        message: `Refused: the database of DATABASE_URL is not empty (${relations} tables, views or sequences); restore only into an empty database (createdb a new one)`,
      })
    const entry = backup.entries.get(SERVER_DUMP_FILE)
    if (entry === undefined)
      return yield* new BackupRefused({ message: `Refused: ${backup.file} holds no ${SERVER_DUMP_FILE}` })
    const file = path.join(dir, SERVER_DUMP_FILE)
    yield* Effect.tryPromise({
      try: () => extractEntry(backup.file, entry.name, file),
      catch: (cause) =>
        new BackupFailed({ message: `The backup's dump could not be read: ${String(cause)}`, cause }),
    })
    const { dbname, env } = connection(url)
    yield* runTool(
      pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${dbname}`,
        file,
      ],
      env,
    )
    return yield* appliedMigrations
  })
