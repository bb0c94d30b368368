/**
 * The JavaScript a page loads first, from a build (web/dist): what the page's HTML names (its module script and its
 * modulepreload links; index.html's unless the HTML a server sent is given) with their static imports, the app those import at once (boot.ts's import of main.tsx,
 * which every page runs), and the page's own route chunk with its static imports. Sized as the server sends it:
 * the build's gzip copy of each file (x.js.gz, level 9), or the file gzipped at level 9 when it has none.
 *
 * Used by `npm run size -w web` (scripts/bundleSize.ts) and by the budget's browser-suite test
 * (e2e/prerender.test.ts, on the HTML the server sends for each public page).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { gzipSync } from "node:zlib"

interface Chunk {
  readonly file: string
  readonly imports?: ReadonlyArray<string>
  readonly dynamicImports?: ReadonlyArray<string>
  readonly isEntry?: boolean
}

export interface RouteLoad {
  /** The route file's name without .tsx: "faq", "dashboard.index", "_guest.login". */
  readonly route: string
  /** The files loaded, as served ("assets/app-….js"). */
  readonly files: ReadonlyArray<string>
  /** Their size as sent gzip-encoded, in bytes. */
  readonly gzipBytes: number
}

export interface FirstLoad {
  /** The files the HTML names (script src and modulepreload href). */
  readonly htmlFiles: ReadonlyArray<string>
  /** What every page loads before its own route: index.html's files, their imports and the app. */
  readonly base: RouteLoad
  readonly routes: ReadonlyArray<RouteLoad>
}

/** The public routes' budget (issue 8) and the dashboard's (issue 9), gzip. */
export const PUBLIC_BUDGET_BYTES = 200 * 1024
export const DASHBOARD_BUDGET_BYTES = 300 * 1024

/** True for a route file of the signed-in area (its budget is the dashboard's). */
export const isDashboardRoute = (route: string): boolean => route.startsWith("dashboard")

/** The .js files an HTML page names in a script's src or a modulepreload link's href, without the leading slash. */
export const scriptsOf = (html: string): ReadonlyArray<string> => [
  ...[...html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)].map((m) => m[1] as string),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)].map((m) => m[1] as string),
]

export const firstLoad = (
  dist: string,
  html = fs.readFileSync(path.join(dist, "index.html"), "utf8"),
): FirstLoad => {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    Chunk
  >
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  const htmlFiles = scriptsOf(html)

  const closure = (keys: ReadonlyArray<string>, seen: Set<string>): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key]
      if (chunk === undefined || seen.has(key)) continue
      seen.add(key)
      closure(chunk.imports ?? [], seen)
    }
    return seen
  }
  const sizes = new Map<string, number>()
  const gzipBytesOf = (file: string): number => {
    const known = sizes.get(file)
    if (known !== undefined) return known
    const full = path.join(dist, file)
    const size = fs.existsSync(`${full}.gz`)
      ? fs.statSync(`${full}.gz`).size
      : gzipSync(fs.readFileSync(full), { level: 9 }).length
    sizes.set(file, size)
    return size
  }
  const load = (route: string, keys: ReadonlySet<string>): RouteLoad => {
    const files = [...keys].map((k) => (manifest[k] as Chunk).file)
    return { route, files, gzipBytes: files.reduce((sum, f) => sum + gzipBytesOf(f), 0) }
  }

  const htmlKeys = htmlFiles.flatMap((f) => keyOfFile.get(f) ?? [])
  // The entry (boot.ts) imports the app (main.tsx) as soon as the page is painted: every page's first load.
  const appKeys = htmlKeys.flatMap((k) => manifest[k]?.dynamicImports ?? [])
  const baseKeys = closure([...htmlKeys, ...appKeys], new Set())
  const routes: Array<RouteLoad> = []
  for (const [key, chunk] of Object.entries(manifest)) {
    const route = key.match(/src\/routes\/(.+)\.tsx\?tsr-split=component$/)?.[1]
    if (route === undefined || chunk.isEntry === true) continue
    routes.push(load(route, closure([key], new Set(baseKeys))))
  }
  return {
    htmlFiles,
    base: load("(every page)", baseKeys),
    routes: routes.toSorted((a, b) => b.gzipBytes - a.gzipBytes),
  }
}
