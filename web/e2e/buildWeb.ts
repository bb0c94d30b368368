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

/**
 * Vite, as `npm run build -w web` runs it. NODE_ENV is production as in an operator's shell: Vitest sets it to
 * `test`, and a build under `test` compiles JSX for React's development runtime (jsxDEV), which a production start's
 * server renderer cannot run (it then served every page unrendered), and the browser tests would test another bundle
 * than members get.
 */
const vite = (...args: ReadonlyArray<string>) =>
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), ...args], {
    cwd: path.join(ROOT, "web"),
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  })

/** The browser's build (web/dist), then the server's renderer of the public pages (web/dist-ssr), then the seed. */
export default async function buildWeb(project: TestProject): Promise<() => void> {
  vite("build", "--logLevel", "error")
  vite("build", "--ssr", "src/entry-server.tsx", "--logLevel", "error")
  const seeded = await seedDataDir()
  project.provide("seededDataDir", seeded)
  return () => fs.rmSync(seeded, { recursive: true, force: true })
}
