#!/usr/bin/env node
/**
 * The admin CLI: `npm run cli -- <group> <command>`, or `npx landunits`. One file per command.
 * The app (Admin.ts: core, the adapters, the database) is imported only when a command runs, so `--help`
 * and argument errors answer at once.
 *
 * A read command (ServerReads.ts) is answered by the running server when one answers on DATA_DIR's admin
 * socket, and runs here otherwise.
 *
 * Without DATABASE_URL, the embedded database is DATA_DIR's, else the one `npm start` keeps in the project
 * (support/DataDir.ts); a folder without a database is refused before anything opens it, so none is made by
 * accident (but by `db migrate`, `db seed` and `db restore`).
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
  // Which database: every part of the CLI (the database layer, the admin socket's path, the keys' files) reads
  // DATA_DIR, so it names the folder chosen, absolute. Decided here, when a command runs: --help loads none of it.
  const { chooseDataDir, RUN_WITHOUT_A_DATABASE, noDatabaseMessage } = await import("./support/DataDir.ts")
  const database = chooseDataDir(process.env, process.cwd())
  if (database.kind === "embedded") process.env.DATA_DIR = database.dataDir
  // No database there: refused in words, before anything opens (and so creates) one. Exit 1, as any refusal.
  if (
    database.kind === "embedded" &&
    !database.hasDatabase &&
    !RUN_WITHOUT_A_DATABASE.has(commandName(action))
  ) {
    console.error(`Refused: ${noDatabaseMessage(database, commandName(action))}`)
    throw new CommanderError(1, "landunits.noDatabase", "")
  }
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
