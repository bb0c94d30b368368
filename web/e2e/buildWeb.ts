/**
 * The browser tests' global setup: builds the web app once for the whole run, exactly as `npm run build` does
 * (web/scripts/build.ts: a new build in web/builds, named `current`), so that each test file's server
 * (web/e2e/server.ts) serves the same build instead of building it again; and meanwhile (a first start needs no
 * build) starts the app once on an empty installation (migrations, the demo's year of history), on each database the
 * run has, so that each file's server starts from a copy of it.
 */
import { execFile } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import type { TestProject } from "vitest/node"
import { removeInstallation, seedInstallation } from "./server.ts"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

/** The build (the browser's files, then the server's renderer of the public pages) and the seed, at once. */
export default async function buildWeb(project: TestProject): Promise<() => void> {
  const build = promisify(execFile)(
    process.execPath,
    [path.join(ROOT, "web/scripts/build.ts"), "--logLevel", "error"],
    { cwd: ROOT },
  ).then(({ stdout, stderr }) => {
    process.stdout.write(stdout)
    process.stderr.write(stderr)
  })
  const [, seeded] = await Promise.all([build, seedInstallation()])
  project.provide("seeded", seeded)
  return () => removeInstallation(seeded)
}
