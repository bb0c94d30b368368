/**
 * First-load JavaScript per public route, gzip: the entry chunk and its static imports, plus the route's
 * split chunk and its static imports (from the current build's dist/.vite/manifest.json: web/builds/current, or
 * WEB_BUILDS_DIR's). `npm run size -w web` after `npm run build`.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { gzipSync } from "node:zlib"
import { currentBuild, webBuildsDir } from "@landunits/adapters/http/server/WebBuilds.ts"

const build = currentBuild(webBuildsDir(process.env.WEB_BUILDS_DIR))
if (build === undefined) throw new Error("No web build is current: run `npm run build` first")
const dist = build.dist
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string }
const manifest: Record<string, Chunk> = JSON.parse(
  fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
)

const closure = (keys: ReadonlyArray<string>, seen = new Set<string>()) => {
  for (const k of keys) {
    if (seen.has(k) || manifest[k] === undefined) continue
    seen.add(k)
    closure(manifest[k].imports ?? [], seen)
  }
  return seen
}
const gz = (keys: Set<string>) =>
  [...keys].reduce((sum, k) => sum + gzipSync(fs.readFileSync(path.join(dist, manifest[k]!.file))).length, 0)

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
// The entry (src/boot.ts) imports the app (src/main.tsx) once the page is painted: both are every route's first load.
const base = closure([entry, ...(manifest[entry]!.dynamicImports ?? [])])
const rows: Array<[string, number]> = []
for (const [key, chunk] of Object.entries(manifest)) {
  const m = key.match(/src\/routes\/(.+)\.tsx\?tsr-split=component/)
  if (!m || chunk.isEntry) continue
  rows.push([m[1]!, gz(closure([key], new Set(base)))])
}
console.log(`entry alone: ${(gz(base) / 1024).toFixed(1)} KB gzip`)
for (const [route, bytes] of rows.sort((a, b) => b[1] - a[1]))
  console.log(`${route}\t${(bytes / 1024).toFixed(1)} KB`)
