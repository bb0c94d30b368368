/**
 * First-load JavaScript per route, gzip as the server sends it (scripts/firstLoad.ts: index.html's scripts and
 * modulepreloads with their imports, the app, and the route's chunk with its imports), against the budgets:
 * 200 KB for a public route, 300 KB for a dashboard route. Reads the current build (web/builds/current, or
 * WEB_BUILDS_DIR's). `npm run size -w web` after `npm run build`.
 */
import { currentBuild, webBuildsDir } from "@landunits/adapters/http/server/WebBuilds.ts"
import { DASHBOARD_BUDGET_BYTES, firstLoad, isDashboardRoute, PUBLIC_BUDGET_BYTES } from "./firstLoad.ts"

const build = currentBuild(webBuildsDir(process.env.WEB_BUILDS_DIR))
if (build === undefined) throw new Error("No web build is current: run `npm run build` first")

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const { base, routes } = firstLoad(build.dist)
console.log(`every page (index.html's scripts, their imports, the app): ${kb(base.gzipBytes)} gzip`)
for (const r of routes) {
  const budget = isDashboardRoute(r.route) ? DASHBOARD_BUDGET_BYTES : PUBLIC_BUDGET_BYTES
  console.log(
    `${r.route}\t${kb(r.gzipBytes)}${r.gzipBytes > budget ? `\tOVER the ${kb(budget)} budget` : ""}`,
  )
}
