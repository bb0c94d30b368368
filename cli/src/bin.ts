#!/usr/bin/env node
/**
 * The admin CLI: `npm run cli -- <group> <command>` (or `landunits` once linked). One file per command.
 * The app (Admin.ts: core, the adapters, the database) is imported only when a command runs, so `--help`
 * and argument errors answer at once.
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
