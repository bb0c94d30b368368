/**
 * The embedded default: PGlite (PostgreSQL compiled to wasm) with its data under DATA_DIR, served over the
 * Postgres wire protocol on a Unix socket, so the app talks to it through the same @effect/sql-pg code path
 * as to a real server.
 *
 * PGlite is one backend: only one process may open a data directory. The process that opens it writes
 * `DATA_DIR/embedded-postgres.json` (its pid and socket path); another process (the admin CLI) reads that
 * file and connects through the socket while the owner lives, or opens the directory itself when it does not.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { Effect, Schema } from "effect"
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../security/PrivateDataDir.ts"
import { embeddedPgDir } from "./EmbeddedDataDir.ts"
import { EmbeddedQueryQueue } from "./EmbeddedQueryQueue.ts"

export const EMBEDDED_INFO_FILE = "embedded-postgres.json"
const SOCKET_FILE = ".s.PGSQL.5432"
/** The PGlite socket server queues every query on one backend; a few connections are enough. */
export const EMBEDDED_MAX_CONNECTIONS = 8

export class EmbeddedPostgresError extends Schema.TaggedError<EmbeddedPostgresError>()(
  "EmbeddedPostgresError",
  {
    message: Schema.String,
    cause: Schema.optional(Schema.Defect()),
  },
) {}

/** Where a client connects: the socket file, which PgClient takes as its `path` option. */
export interface EmbeddedConnection {
  readonly socketPath: string
  readonly database: string
  readonly username: string
}

interface EmbeddedInfo {
  readonly pid: number
  readonly socketPath: string
}

/**
 * The PGlite instances this process serves, by their DATA_DIR (resolved): what a backup taken through the
 * serving process dumps (adapters/src/backup/EmbeddedBackup.ts), since only the owner holds the database.
 */
const served = new Map<string, PGlite>()

/** The PGlite this process serves for `dataDir`, if it serves it. */
export const servedEmbedded = (dataDir: string): PGlite | undefined => served.get(path.resolve(dataDir))

export { embeddedPgDir }

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const readInfo = (dataDir: string): EmbeddedInfo | undefined => {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, EMBEDDED_INFO_FILE), "utf8")) as EmbeddedInfo
    return typeof info.pid === "number" && typeof info.socketPath === "string" ? info : undefined
  } catch {
    return undefined
  }
}

/** The running owner's socket, when another live process already serves this data directory. */
/** The pid of the live process that serves `dataDir`, other than this one. */
export const runningEmbeddedOwner = (dataDir: string): number | undefined => {
  const info = readInfo(path.resolve(dataDir))
  return info !== undefined && info.pid !== process.pid && isAlive(info.pid) ? info.pid : undefined
}

export const findRunningEmbedded = (dataDir: string): EmbeddedConnection | undefined => {
  const info = readInfo(dataDir)
  if (info === undefined || info.pid === process.pid || !isAlive(info.pid)) return undefined
  if (!fs.existsSync(info.socketPath)) return undefined
  return { socketPath: info.socketPath, database: "postgres", username: "postgres" }
}

/**
 * Opens PGlite in `DATA_DIR/pg` and serves it on a Unix socket until the scope closes. The socket lives in
 * DATA_DIR when its path is short enough for the OS (108 bytes), else in the system's temp folder.
 * `maxConnections` (default EMBEDDED_MAX_CONNECTIONS) is how many clients the socket admits at once: the
 * order benchmark raises it for pgbench's 32 clients.
 *
 * Everything it makes is private to this user (security/PrivateDataDir.ts): PGlite writes a new database's
 * files readable and writable by everyone (0666), so the folder is made private once it is open; the socket and
 * the info file are 0600. What PostgreSQL writes later takes the process's umask (077 in the app and the CLI).
 */
export const serveEmbedded = (dataDir: string, maxConnections = EMBEDDED_MAX_CONNECTIONS) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const root = path.resolve(dataDir)
        fs.mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE })
        const running = readInfo(root)
        if (running !== undefined && running.pid !== process.pid && isAlive(running.pid)) {
          throw new Error(
            `The embedded database in ${root} is already open by process ${running.pid}; connect through its socket instead.`,
          )
        }
        const preferred = path.join(root, SOCKET_FILE)
        const socketDir =
          Buffer.byteLength(preferred) < 100
            ? root
            : fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "landunits-pg-"))
        const socketPath = path.join(socketDir, SOCKET_FILE)
        fs.rmSync(socketPath, { force: true })
        const db = await PGlite.create({ dataDir: embeddedPgDir(root) })
        makePrivate(embeddedPgDir(root))
        const server = new PGLiteSocketServer({
          db,
          path: socketPath,
          maxConnections,
        })
        // pglite-socket's own queue lets clients' extended-protocol messages interleave (EmbeddedQueryQueue.ts);
        // its handlers take the server's queue when a client connects, so ours replaces it before any does.
        ;(server as unknown as { queryQueue: EmbeddedQueryQueue }).queryQueue = new EmbeddedQueryQueue(db)
        await server.start()
        fs.chmodSync(socketPath, PRIVATE_FILE_MODE)
        const info: EmbeddedInfo = { pid: process.pid, socketPath }
        fs.writeFileSync(path.join(root, EMBEDDED_INFO_FILE), JSON.stringify(info), {
          mode: PRIVATE_FILE_MODE,
        })
        served.set(root, db)
        return { root, db, server, socketPath }
      },
      catch: (cause) =>
        new EmbeddedPostgresError({
          message: cause instanceof Error ? cause.message : "The embedded database could not start",
          cause,
        }),
    }),
    ({ root, db, server, socketPath }) =>
      Effect.promise(async () => {
        if (served.get(root) === db) served.delete(root)
        await server.stop().catch(() => undefined)
        await db.close().catch(() => undefined)
        fs.rmSync(socketPath, { force: true })
        const info = readInfo(root)
        if (info?.pid === process.pid) fs.rmSync(path.join(root, EMBEDDED_INFO_FILE), { force: true })
      }),
  ).pipe(
    Effect.map(
      ({ socketPath }): EmbeddedConnection => ({ socketPath, database: "postgres", username: "postgres" }),
    ),
  )
