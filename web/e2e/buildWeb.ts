/**
 * The browser tests' global setup: builds web/dist and web/dist-ssr once for the whole run, so that each test file's server
 * (web/e2e/server.ts) serves the same build instead of building it again.
 */
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

const vite = (...args: ReadonlyArray<string>) =>
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), ...args], {
    cwd: path.join(ROOT, "web"),
    stdio: "inherit",
  })

/** The browser's build (web/dist), then the server's renderer of the public pages (web/dist-ssr). */
export default function buildWeb(): void {
  vite("build", "--logLevel", "error")
  vite("build", "--ssr", "src/entry-server.tsx", "--logLevel", "error")
}
