/**
 * Runs LoadWorker processes against one database and collects their acknowledgements; then reads the
 * whole engine state back through the PostgreSQL adapters, to check it with core's invariants.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { readStateEffect } from "@landunits/core/test-support/EngineInvariants.ts"
import { Effect, Layer } from "effect"
import { loadEngine, loadMembers } from "./LoadSetup.ts"
import type { LoadLine } from "./LoadWorker.ts"

const WORKER = fileURLToPath(new URL("./LoadWorker.ts", import.meta.url))

export interface WorkerRun {
  readonly child: ChildProcess
  /** The acknowledgements received so far (complete lines only). */
  readonly lines: Array<LoadLine>
  /** Resolves with the exit code (null when killed) once the process has ended. */
  readonly done: Promise<number | null>
  readonly stderr: () => string
}

export const startWorker = (
  url: string,
  worker: number,
  clients: number,
  ops: number,
  seed: number,
): WorkerRun => {
  const child = spawn(
    process.execPath,
    [WORKER, url, String(worker), String(clients), String(ops), String(seed)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  )
  const lines: Array<LoadLine> = []
  let pending = ""
  let stderr = ""
  child.stdout.setEncoding("utf8")
  child.stdout.on("data", (chunk: string) => {
    pending += chunk
    const parts = pending.split("\n")
    pending = parts.pop() ?? ""
    for (const part of parts) if (part.trim() !== "") lines.push(JSON.parse(part) as LoadLine)
  })
  child.stderr.setEncoding("utf8")
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk
  })
  const done = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
  return { child, lines, done, stderr: () => stderr }
}

/** The engine's whole state in the database, read by a fresh connection (as after a restart). */
export const readDatabaseState = (url: string) =>
  Effect.runPromise(readStateEffect(loadMembers()).pipe(Effect.provide(Layer.fresh(loadEngine(url, 2)))))
