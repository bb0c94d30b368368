/**
 * Read commands answered by the running server (issue 27): an admin's `landunits kyc list` while the app runs
 * on this machine is sent, as its command line, to the app's admin socket (`DATA_DIR/admin.sock`, served by
 * AdminSocket.ts) and answered with the services the app already has open, so the command loads neither
 * Effect nor the adapters and opens no database connection of its own. When no server answers (none runs,
 * or a stale socket file), or LANDUNITS_CLI_LOCAL=1, the command runs in its own process as before.
 *
 * Only the commands below go to the server: reads that change nothing, write no audit entry, ask nothing and
 * touch no local file. (`kyc show` is not one: viewing a member's identity details is audited with the shell's
 * OS user.) Plain Node only: this module is loaded for every command, `--help` included.
 */
import * as net from "node:net"
import * as path from "node:path"
import type { Command } from "commander"
import type { CliIo } from "./support/CliIo.ts"

export const SERVER_READS: ReadonlySet<string> = new Set([
  "agents list",
  "audit show",
  "content list",
  "discount-codes list",
  "kyc list",
  "mail list",
  "mail show",
  "orders list",
  "orders show",
  "payouts list",
  "pricing show",
  "sales-queue show",
  "saleschat list",
  "saleschat show",
  "users list",
  "users show",
])

/** "kyc list" for `landunits kyc list` (and for its alias, `kyc pending`). */
export const commandName = (command: Command): string =>
  [command.parent?.name(), command.name()].filter((part) => part !== undefined).join(" ")

/** The admin socket of the installation in `dataDir` (DATA_DIR, default ./data, as the app reads it). */
export const adminSocketPath = (dataDir: string = process.env.DATA_DIR?.trim() || "./data"): string =>
  path.resolve(dataDir, "admin.sock")

/** What the CLI sends: its command line (after `landunits`) and its shell's LANDUNITS_ADMIN. */
export interface ServerReadRequest {
  readonly argv: ReadonlyArray<string>
  readonly admin: string | undefined
}

/** What the server sends back, one JSON document a line: lines of the answer, then the exit code. */
export type ServerReadMessage =
  | { readonly out: string }
  | { readonly err: string }
  | { readonly exit: number }

/**
 * Sends the command to the running server when it is one of SERVER_READS; answers whether the server
 * answered it (its output written to `io`, its exit code set), or `false` when the command must run here.
 */
export const answeredByServer = (
  name: string,
  request: ServerReadRequest,
  io: CliIo,
  socketPath: string = adminSocketPath(),
): Promise<boolean> => {
  if (!SERVER_READS.has(name) || process.env.LANDUNITS_CLI_LOCAL === "1") return Promise.resolve(false)
  return new Promise((resolve) => {
    let heard = false
    let exited = false
    let buffer = ""
    const socket = net.createConnection(socketPath)
    socket.setEncoding("utf8")
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`))
    socket.on("data", (chunk: string) => {
      heard = true
      buffer += chunk
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, end)) as ServerReadMessage
        buffer = buffer.slice(end + 1)
        if ("out" in message) io.out(message.out)
        else if ("err" in message) io.err(message.err)
        else {
          exited = true
          if (message.exit !== 0) io.exitCode(message.exit)
        }
      }
    })
    // Nothing heard (no server, a stale socket, a server stopping): the command runs here instead.
    socket.on("error", () => {
      if (!heard) resolve(false)
    })
    socket.on("close", () => {
      if (!heard) return resolve(false)
      if (!exited) {
        io.err("Refused: the server stopped before it finished answering; run the command again")
        io.exitCode(1)
      }
      resolve(true)
    })
  })
}
