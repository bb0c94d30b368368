/**
 * `npm run build` (the same as `npm run build -w web`): builds the web app once per release into a folder of its own
 * in WEB_BUILDS_DIR (web/builds), then publishes it (adapters/src/http/server/WebBuilds.ts): moved into place and
 * named by `current` with one rename, the oldest builds past the newest three removed. Nothing a running process
 * serves is emptied or changed: each process serves the build it started with until it is restarted, and finds
 * another kept build's hashed assets when a page of that build asks it for them.
 *
 *   npm run build                                   # the browser's build, then the page renderer's
 *   node web/scripts/build.ts --if-missing          # only when no build is current (what `npm start` runs first)
 *   node web/scripts/build.ts --logLevel error      # other arguments go to both `vite build`s
 *
 * NODE_ENV is production for Vite whatever the shell says: under `test` (as Vitest sets it) or `development` it
 * compiles JSX for React's development runtime (jsxDEV), which a production start's page renderer cannot run.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import {
  currentBuild,
  newBuildId,
  publishBuild,
  stagingFolder,
  webBuildsDir,
} from "@landunits/adapters/http/server/WebBuilds.ts"

const WEB = path.join(import.meta.dirname, "..")
const VITE = path.join(WEB, "..", "node_modules", "vite", "bin", "vite.js")

const dir = webBuildsDir(process.env.WEB_BUILDS_DIR)
const onlyIfMissing = process.argv.includes("--if-missing")
const viteArgs = process.argv.slice(2).filter((arg) => arg !== "--if-missing")

const current = currentBuild(dir)
if (onlyIfMissing && current !== undefined) {
  console.log(
    `The web build ${current.id} is current (${dir}): not building. \`npm run build\` makes a new one.`,
  )
  process.exit(0)
}

const vite = (...args: ReadonlyArray<string>) =>
  execFileSync(process.execPath, [VITE, ...args, ...viteArgs], {
    cwd: WEB,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  })

const id = newBuildId()
const staged = stagingFolder(dir, id)
fs.mkdirSync(staged, { recursive: true })
try {
  vite("build", "--outDir", path.join(staged, "dist"), "--emptyOutDir")
  vite("build", "--ssr", "src/entry-server.tsx", "--outDir", path.join(staged, "dist-ssr"), "--emptyOutDir")
  publishBuild(dir, staged, id)
} catch (error) {
  fs.rmSync(staged, { recursive: true, force: true })
  throw error
}
console.log(
  `Built the web app: ${id} is current in ${dir}. Restart the app processes one at a time to serve it.`,
)
