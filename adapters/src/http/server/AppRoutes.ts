/**
 * The web app's pages, from the route manifest its build writes (dist/routes.json of each build in web/builds, made by
 * web/scripts/routeManifest.ts from the router's file routes): patterns such as "/news/$slug". A path is a page
 * when it matches one the way the web's router matches it: letters in any case, one trailing slash allowed,
 * "$name" standing for one segment and "$" for the rest of the path.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Schema } from "effect"

/** The manifest's name in the build (web/scripts/routeManifest.ts writes the same name). */
export const ROUTE_MANIFEST_FILE = "routes.json"

/** The manifest: every page's pattern, each starting with "/". */
export const RouteManifest = Schema.Struct({
  routes: Schema.Array(Schema.String.check(Schema.isStartingWith("/"))),
})
export type RouteManifest = typeof RouteManifest.Type

const decodeManifest = Schema.decodeUnknownSync(Schema.fromJsonString(RouteManifest))

/** Whether a decoded path names a page of the web app. */
export type IsAppRoute = (pathname: string) => boolean

const segmentsOf = (pathname: string): ReadonlyArray<string> => {
  const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname
  return trimmed === "/" ? [] : trimmed.slice(1).split("/")
}

const matches = (pattern: ReadonlyArray<string>, segments: ReadonlyArray<string>): boolean => {
  for (const [i, part] of pattern.entries()) {
    if (part === "$") return true
    const segment = segments[i]
    if (segment === undefined || segment === "") return false
    if (!part.startsWith("$") && part.toLowerCase() !== segment.toLowerCase()) return false
  }
  return pattern.length === segments.length
}

export const appRoutes = (patterns: ReadonlyArray<string>): IsAppRoute => {
  const compiled = patterns.map(segmentsOf)
  return (pathname) => {
    const segments = segmentsOf(pathname)
    return compiled.some((pattern) => matches(pattern, segments))
  }
}

/**
 * The pages of the build in `directory`. A build without a manifest (made before the manifest existed) has
 * every path as a page, as the server answered before; a manifest that cannot be read is a broken build.
 */
export const readAppRoutes = (directory: string): IsAppRoute => {
  const routes = readRoutePatterns(directory)
  return routes === undefined ? () => true : appRoutes(routes)
}

/** The page patterns of the build's manifest; undefined for a build without one. */
export const readRoutePatterns = (directory: string): ReadonlyArray<string> | undefined => {
  const file = path.join(directory, ROUTE_MANIFEST_FILE)
  if (!fs.existsSync(file)) return undefined
  return decodeManifest(fs.readFileSync(file, "utf8")).routes
}
