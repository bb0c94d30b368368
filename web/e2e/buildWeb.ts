/**
 * The browser tests' global setup: builds web/dist once for the whole run, so that each test file's server
 * (web/e2e/server.ts) serves the same build instead of building it again.
 */
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

export default function buildWeb(): void {
  execFileSync(
    process.execPath,
    [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"],
    { cwd: path.join(ROOT, "web"), stdio: "inherit" },
  )
}
