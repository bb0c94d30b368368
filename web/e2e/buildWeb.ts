/**
 * The browser tests' global setup: builds web/dist and web/dist-ssr once for the whole run, so that each test file's server
 * (web/e2e/server.ts) serves the same build instead of building it again; then starts the app once on an empty
 * DATA_DIR (migrations, the demo's year of history) so that each file's server starts from a copy of it.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { seedDataDir } from "./server.ts"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

const vite = (...args: ReadonlyArray<string>) =>
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), ...args], {
    cwd: path.join(ROOT, "web"),
    stdio: "inherit",
  })

/** The browser's build (web/dist), then the server's renderer of the public pages (web/dist-ssr), then the seed. */
export default async function buildWeb(project: TestProject): Promise<() => void> {
  vite("build", "--logLevel", "error")
  vite("build", "--ssr", "src/entry-server.tsx", "--logLevel", "error")
  const seeded = await seedDataDir()
  project.provide("seededDataDir", seeded)
  return () => fs.rmSync(seeded, { recursive: true, force: true })
}
