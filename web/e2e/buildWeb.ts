/**
 * The browser tests' global setup: builds the web app once for the whole run, exactly as `npm run build` does
 * (web/scripts/build.ts: a new build in web/builds, named `current`), so that each test file's server
 * (web/e2e/server.ts) serves the same build instead of building it again; then starts the app once on an empty
 * installation (migrations, the demo's year of history), on each database the run has, so that each file's server
 * starts from a copy of it.
 */
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { removeInstallation, seedInstallation } from "./server.ts"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

/** The build (the browser's files, then the server's renderer of the public pages), then the seed. */
export default async function buildWeb(project: TestProject): Promise<() => void> {
  execFileSync(process.execPath, [path.join(ROOT, "web/scripts/build.ts"), "--logLevel", "error"], {
    cwd: ROOT,
    stdio: "inherit",
  })
  const seeded = await seedInstallation()
  project.provide("seeded", seeded)
  return () => removeInstallation(seeded)
}
