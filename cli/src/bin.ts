#!/usr/bin/env node
/** The admin CLI: `npm run cli -- <group> <command>` (or `landunits` once linked). One file per command. */
import { CommanderError } from "commander"
import { type AppRuntime, makeRuntime } from "./Admin.ts"
import { buildProgram } from "./Program.ts"

let runtime: AppRuntime | undefined
const program = buildProgram(() => {
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
