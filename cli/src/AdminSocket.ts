/**
 * The app's admin socket (`DATA_DIR/admin.sock`, owner-only): the running server answers the CLI's read
 * commands (ServerReads.ts) with its own services, so an admin's `landunits kyc list` costs the CLI's start
 * and a round trip, not the app's modules and a database connection. Started by the server (start.ts: `npm start`,
 * `npm run serve`) once the database is migrated; closed, and its file removed, when the server stops.
 *
 * Whoever can open the socket can read what an admin reads: it is made readable and writable by the app's own
 * OS user only, like the embedded database's socket beside it in DATA_DIR. A command line that is not one of
 * SERVER_READS is refused, so the socket never changes anything. The one other request it answers is
 * `landunits db backup`'s (EmbeddedBackupRequest.ts): a dump of the embedded database this process serves,
 * since no other process can read it while the app runs.
 */
import * as fs from "node:fs"
import * as net from "node:net"
import { dumpServedEmbedded } from "@landunits/adapters/backup/EmbeddedBackup.ts"
import { CommanderError } from "commander"
import { Effect } from "effect"
import { type AppServices, type CommandRunner, layerAdminExtras } from "./Admin.ts"
import { type EmbeddedBackupMessage, isEmbeddedBackupRequest } from "./EmbeddedBackupRequest.ts"
import { buildProgram } from "./Program.ts"
import {
  adminSocketPath,
  commandName,
  SERVER_READS,
  type ServerReadMessage,
  type ServerReadRequest,
} from "./ServerReads.ts"
import type { CliIo } from "./support/CliIo.ts"

const isRequest = (value: unknown): value is ServerReadRequest => {
  const v = value as { argv?: unknown; admin?: unknown }
  return (
    Array.isArray(v?.argv) &&
    v.argv.every((a) => typeof a === "string") &&
    (v.admin === undefined || v.admin === null || typeof v.admin === "string")
  )
}

/** Runs one request's command line on `runner`, sending its answer as messages. */
export const answerRequest = async (
  request: ServerReadRequest,
  runner: CommandRunner,
  send: (message: ServerReadMessage) => void,
): Promise<void> => {
  let code = 0
  const io: CliIo = {
    out: (text) => send({ out: text }),
    err: (text) => send({ err: text }),
    exitCode: (c) => {
      code = c
    },
  }
  const program = buildProgram(async () => runner, { io, defaultAdmin: request.admin ?? undefined })
  let answered: string | undefined
  program.hook("preAction", (_root, action) => {
    const name = commandName(action)
    if (SERVER_READS.has(name)) answered = name
    else {
      throw new CommanderError(
        1,
        "landunits.notAServerRead",
        `Refused: the server answers reads only, not ${name}`,
      )
    }
  })
  try {
    await program.parseAsync([...request.argv], { from: "user" })
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "landunits.notAServerRead") io.err(error.message)
      code = error.exitCode
    } else {
      io.err(`Refused: ${error instanceof Error ? error.message : String(error)}`)
      code = 1
    }
  }
  if (answered !== undefined) {
    await runner.runPromiseExit(
      Effect.logInfo(`Answered the CLI's \`${answered}\` on the admin socket (exit code ${code})`),
    )
  }
  send({ exit: code })
}

/** Bytes of the dump a message carries (base64 grows them by a third). */
const DUMP_PIECE = 768 * 1024

/**
 * `landunits db backup` asked for a dump of the embedded database this process serves: its facts, then its
 * bytes in pieces, then the exit code. Logged, with how long the app's queries waited for it.
 */
export const answerBackup = async (
  dataDir: string,
  runner: CommandRunner,
  send: (message: EmbeddedBackupMessage) => void,
): Promise<void> => {
  const exit = await runner.runPromiseExit(dumpServedEmbedded(dataDir))
  if (exit._tag === "Failure") {
    const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
    const message =
      failure?._tag === "Fail" && typeof (failure.error as { message?: unknown }).message === "string"
        ? (failure.error as { message: string }).message
        : String(exit.cause)
    await runner.runPromiseExit(Effect.logWarning(`The CLI's backup was refused: ${message}`))
    send({ err: `Refused: ${message}` })
    send({ exit: 1 })
    return
  }
  const { dump, takenAt, postgres, migrations, pausedMs } = exit.value
  const bytes = "bytes" in dump ? dump.bytes : new Uint8Array()
  send({ facts: { takenAt: takenAt.toISOString(), postgres, migrations, pausedMs } })
  for (let at = 0; at < bytes.byteLength; at += DUMP_PIECE)
    send({ data: Buffer.from(bytes.subarray(at, at + DUMP_PIECE)).toString("base64") })
  await runner.runPromiseExit(
    Effect.logInfo(
      `Dumped the embedded database for the CLI's backup: ${bytes.byteLength} bytes; queries waited ${pausedMs} ms`,
    ),
  )
  send({ exit: 0 })
}

/** One connection: one JSON line in, the answer's lines out, then closed. */
const onConnection = (runner: CommandRunner, dataDir: string) => (socket: net.Socket) => {
  socket.setEncoding("utf8")
  let buffer = ""
  const send = (message: ServerReadMessage | EmbeddedBackupMessage) =>
    socket.write(`${JSON.stringify(message)}\n`)
  socket.on("error", () => socket.destroy())
  socket.on("data", (chunk: string) => {
    buffer += chunk
    const end = buffer.indexOf("\n")
    if (end < 0) {
      if (buffer.length > 64 * 1024) socket.destroy()
      return
    }
    socket.removeAllListeners("data")
    let request: unknown
    try {
      request = JSON.parse(buffer.slice(0, end))
    } catch {
      request = undefined
    }
    if (isEmbeddedBackupRequest(request)) {
      void answerBackup(dataDir, runner, send).finally(() => socket.end())
      return
    }
    if (!isRequest(request)) {
      send({ err: "Refused: not a command line" })
      send({ exit: 1 })
      socket.end()
      return
    }
    void answerRequest(request, runner, send).finally(() => socket.end())
  })
}

/** Whether a live server answers on `socketPath` (a file left by a stopped one does not). */
const answers = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createConnection(socketPath)
    probe.on("connect", () => {
      probe.destroy()
      resolve(true)
    })
    probe.on("error", () => resolve(false))
  })

const listen = async (
  socketPath: string,
  runner: CommandRunner,
  dataDir: string,
): Promise<net.Server | undefined> => {
  if (fs.existsSync(socketPath)) {
    if (await answers(socketPath)) return undefined
    fs.rmSync(socketPath, { force: true })
  }
  const server = net.createServer(onConnection(runner, dataDir))
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(socketPath, () => resolve())
  })
  fs.chmodSync(socketPath, 0o600)
  return server
}

const close = (server: net.Server | undefined, socketPath: string) =>
  new Promise<void>((resolve) => {
    if (server === undefined) return resolve()
    server.close(() => resolve())
    fs.rmSync(socketPath, { force: true })
  })

/**
 * Serves the admin socket of `dataDir` until interrupted, on the server's services (the admin's own added,
 * as the CLI has them: layerAdminExtras). A socket that cannot be opened is logged and left out: the CLI
 * then runs its reads itself.
 */
export const serveAdminSocket = (dataDir: string) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<AppServices>()
    const run = Effect.runPromiseExitWith(context)
    const runner: CommandRunner = { runPromiseExit: (effect) => run(effect) }
    const socketPath = adminSocketPath(dataDir)
    const server = yield* Effect.acquireRelease(
      Effect.tryPromise(() => listen(socketPath, runner, dataDir)),
      (s) => Effect.promise(() => close(s, socketPath)),
    )
    yield* Effect.logInfo(
      server === undefined
        ? `Another server answers the CLI's reads on ${socketPath}`
        : `The CLI's read commands are answered on ${socketPath}`,
    )
    return yield* Effect.never
  }).pipe(
    Effect.scoped,
    Effect.provide(layerAdminExtras),
    Effect.catch((error) => Effect.logWarning(`No admin socket for the CLI's reads: ${String(error)}`)),
  )
