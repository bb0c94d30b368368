/**
 * The admin CLI (`node cli/src/bin.ts`) as an OS process on the pinned Node (this one), stdin not a terminal,
 * on one database: the embedded one of a DATA_DIR (reached through the running server's socket when a server
 * serves it) or a PostgreSQL server's URL. Used by the CLI's process tests and the browser tests.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

export const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url))
const BIN = fileURLToPath(new URL("../../cli/src/bin.ts", import.meta.url))

/** Where the CLI finds the database: the embedded one of a DATA_DIR, or a PostgreSQL URL. */
export type Target =
  | { readonly kind: "embedded"; readonly dataDir: string }
  | { readonly kind: "server"; readonly url: string }

export interface CliResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export const runCliProcess = (
  target: Target,
  args: ReadonlyArray<string>,
  extraEnv: Readonly<Record<string, string>> = {},
) =>
  new Promise<CliResult>((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, ...extraEnv }
    delete env.DATABASE_URL
    delete env.LANDUNITS_ADMIN
    if (target.kind === "embedded") env.DATA_DIR = target.dataDir
    else env.DATABASE_URL = target.url
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: REPOSITORY_ROOT,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    })
    const out: Array<Buffer> = []
    const err: Array<Buffer> = []
    child.stdout.on("data", (b: Buffer) => out.push(b))
    child.stderr.on("data", (b: Buffer) => err.push(b))
    child.on("error", reject)
    child.on("close", (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      }),
    )
    child.stdin.end()
  })
