/**
 * A small web build, published into a builds folder the way `npm run build` publishes one (WebBuilds.ts), for the
 * tests that start the app: a page whose scripts and style sheet are hashed assets named after the build (as Vite
 * names them after their content), a route manifest, and any other file given. Vite itself is run by the browser
 * tests' global setup (web/e2e/buildWeb.ts), once.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { ROUTE_MANIFEST_FILE } from "../../src/http/server/AppRoutes.ts"
import { newBuildId, publishBuild, stagingFolder, type WebBuild } from "../../src/http/server/WebBuilds.ts"

/** The assets build `name`'s page asks for: an entry script, a module it preloads, and its style sheet. */
export const assetsOf = (name: string): ReadonlyArray<string> => [
  `/assets/index-${name}.js`,
  `/assets/app-${name}.js`,
  `/assets/index-${name}.css`,
]

/** Build `name`'s index.html, as Vite writes one (its assets in the head, the empty #root). */
export const pageOf = (name: string): string =>
  [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="UTF-8" /><title>Landunits</title>`,
    `<script type="module" crossorigin src="${assetsOf(name)[0]}"></script>`,
    `<link rel="modulepreload" crossorigin href="${assetsOf(name)[1]}">`,
    `<link rel="stylesheet" crossorigin href="${assetsOf(name)[2]}">`,
    `</head><body><div id="root"></div></body></html>`,
  ].join("\n")

/** Stages build `name` in `dir` and publishes it, made at `at`; `extra`: more files of its dist/, by path. */
export const publishTestBuild = (
  dir: string,
  name: string,
  at: Date = new Date(),
  extra: Readonly<Record<string, string | Uint8Array>> = {},
): WebBuild => {
  const id = newBuildId(at)
  const staged = stagingFolder(dir, id)
  const files: Record<string, string | Uint8Array> = {
    "index.html": pageOf(name),
    [ROUTE_MANIFEST_FILE]: JSON.stringify({ routes: ["/", "/news", "/dashboard"] }),
    ...Object.fromEntries(assetsOf(name).map((asset) => [asset.slice(1), `/* build ${name} */\n`])),
    "robots.txt": `User-agent: *\nAllow: /\n# build ${name}\n`,
    ...extra,
  }
  for (const [file, content] of Object.entries(files)) {
    const at = path.join(staged, "dist", file)
    fs.mkdirSync(path.dirname(at), { recursive: true })
    fs.writeFileSync(at, content)
  }
  return publishBuild(dir, staged, id)
}
