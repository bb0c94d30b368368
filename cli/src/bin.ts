#!/usr/bin/env node
/**
 * The admin CLI: `npm run cli -- <group> <command>`, or `npx landunits`. One file per command.
 * The app (Admin.ts: core, the adapters, the database) is imported only when a command runs, so `--help`
 * and argument errors answer at once.
 *
 * The `landunits` command starts here through bin/landunits.js, which turns Node's compile cache on first.
 */
import { CommanderError } from "commander"
import type { AppRuntime } from "./Admin.ts"
import { buildProgram } from "./Program.ts"

let runtime: AppRuntime | undefined
const program = buildProgram(async () => {
  const { makeRuntime } = await import("./Admin.ts")
  runtime ??= makeRuntime()
  return runtime
})

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (!(error instanceof CommanderError)) throw error
  process.exitCode = error.exitCode
} finally {
  await runtime?.dispose()
}
