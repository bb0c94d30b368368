/**
 * `landunits db backup` on the embedded database while the app runs: only the app holds the database, so the
 * CLI asks it, on its admin socket (AdminSocket.ts), for a dump (adapters/src/backup/EmbeddedBackup.ts) and
 * receives the dump's bytes there. Plain Node: the request and the messages of the answer.
 */
import * as net from "node:net"

/** What the CLI sends: one JSON line. */
export interface EmbeddedBackupRequest {
  readonly backup: "embedded"
}

/** What the dump was, sent before its bytes. */
export interface DumpFacts {
  readonly takenAt: string
  readonly postgres: string
  readonly migrations: ReadonlyArray<{ readonly id: number; readonly name: string }>
  readonly pausedMs: number
}

/** The answer, one JSON document a line: the facts, the bytes in base64 pieces, then the exit code. */
export type EmbeddedBackupMessage =
  | { readonly facts: DumpFacts }
  | { readonly data: string }
  | { readonly err: string }
  | { readonly exit: number }

export const isEmbeddedBackupRequest = (value: unknown): value is EmbeddedBackupRequest =>
  (value as { backup?: unknown })?.backup === "embedded"

/** What the running app answered: its dump, or its refusal. */
export type EmbeddedDumpAnswer =
  | { readonly _tag: "Dumped"; readonly facts: DumpFacts; readonly bytes: Buffer }
  | { readonly _tag: "Refused"; readonly message: string }

/**
 * Asks the app answering on `socketPath` for a dump of its embedded database. `undefined` when no app answers
 * there (none runs, or a stale socket file): the CLI may then open the database itself.
 */
export const requestEmbeddedDump = (socketPath: string): Promise<EmbeddedDumpAnswer | undefined> =>
  new Promise((resolve) => {
    let heard = false
    let buffer = ""
    let facts: DumpFacts | undefined
    const pieces: Array<Buffer> = []
    const errors: Array<string> = []
    let exit: number | undefined
    const socket = net.createConnection(socketPath)
    socket.setEncoding("utf8")
    socket.on("connect", () => socket.write(`${JSON.stringify({ backup: "embedded" })}\n`))
    socket.on("data", (chunk: string) => {
      heard = true
      buffer += chunk
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, end)) as EmbeddedBackupMessage
        buffer = buffer.slice(end + 1)
        if ("facts" in message) facts = message.facts
        else if ("data" in message) pieces.push(Buffer.from(message.data, "base64"))
        else if ("err" in message) errors.push(message.err)
        else exit = message.exit
      }
    })
    socket.on("error", () => {
      if (!heard) resolve(undefined)
    })
    socket.on("close", () => {
      if (!heard) return resolve(undefined)
      if (exit === 0 && facts !== undefined) resolve({ _tag: "Dumped", facts, bytes: Buffer.concat(pieces) })
      else
        resolve({
          _tag: "Refused",
          message:
            errors.join("\n") || "Refused: the app stopped before it finished the dump; run the backup again",
        })
    })
  })
