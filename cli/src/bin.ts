#!/usr/bin/env node
/**
 * The admin CLI: `npm run cli -- <group> <command>`, or `npx landunits`. One file per command.
 * The app (Admin.ts: core, the adapters, the database) is imported only when a command runs, so `--help`
 * and argument errors answer at once.
 *
 * A read command (ServerReads.ts) is answered by the running server when one answers on DATA_DIR's admin
 * socket, and runs here otherwise.
 *
 * The `landunits` command starts here through bin/landunits.js, which turns Node's compile cache on first.
 */
import { CommanderError } from "commander"
import type { AppRuntime } from "./Admin.ts"
import { buildProgram } from "./Program.ts"
import { answeredByServer, commandName } from "./ServerReads.ts"
import { CONSOLE_IO } from "./support/CliIo.ts"

let runtime: AppRuntime | undefined
const program = buildProgram(async () => {
  const { makeRuntime } = await import("./Admin.ts")
  runtime ??= makeRuntime()
  return runtime
})

// Answered by the server: its exit code stands, and the command's own action does not run here.
program.hook("preAction", async (_root, action) => {
  const request = { argv: process.argv.slice(2), admin: process.env.LANDUNITS_ADMIN }
  if (await answeredByServer(commandName(action), request, CONSOLE_IO))
    throw new CommanderError(Number(process.exitCode ?? 0), "landunits.answeredByServer", "")
})

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (!(error instanceof CommanderError)) throw error
  process.exitCode = error.exitCode
} finally {
  await runtime?.dispose()
}
