/**
 * The route manifest, dist/routes.json: the path pattern of every page of the web's file routes ("/news/$slug",
 * "/dashboard/settings"), taken from the router plugin's own route tree while it generates src/routeTree.gen.ts.
 * The server (adapters/src/http/server/AppRoutes.ts) answers a path that matches a pattern with the app and 200,
 * and any other path with the app and 404, so the pages are listed only by the files in src/routes.
 */
import { type GeneratorPlugin, inferFullPath, type RouteNode } from "@tanstack/router-generator"
import type { Plugin } from "vite"

/** Where the manifest goes in the build (adapters/src/http/server/AppRoutes.ts reads the same name). */
export const ROUTE_MANIFEST_FILE = "routes.json"

export interface RouteManifest {
  readonly routes: ReadonlyArray<string>
}

/** The segments the server's matcher knows: a literal, "$name" (one segment) or "$" (the rest of the path). */
const KNOWN_SEGMENT = /^(?:[^${}]+|\$[A-Za-z_][A-Za-z0-9_]*|\$)$/

/**
 * The page patterns of the route tree: pathless layouts (`_guest`) left out, an index route's trailing slash
 * dropped, each pattern once, sorted. A segment the server could not match fails the build.
 */
export const routePatterns = (nodes: ReadonlyArray<RouteNode>): ReadonlyArray<string> => {
  const patterns = new Set<string>()
  for (const node of nodes) {
    if (node._fsRouteType !== "static" && node._fsRouteType !== "layout") continue
    const pattern = inferFullPath(node).replace(/(.)\/$/, "$1")
    const unknown = pattern
      .split("/")
      .slice(1)
      .find((segment) => segment !== "" && !KNOWN_SEGMENT.test(segment))
    if (unknown !== undefined)
      throw new Error(
        `${node.filePath}: the server's route matcher (adapters/src/http/server/AppRoutes.ts) does not know the segment "${unknown}"`,
      )
    patterns.add(pattern)
  }
  return [...patterns].sort()
}

/**
 * The two halves of the manifest: `generator` goes into the router plugin's `plugins` and hears the route tree
 * each time the plugin builds it; `vite` writes the last tree heard into the build as routes.json.
 */
export const routeManifest = (): { readonly generator: GeneratorPlugin; readonly vite: Plugin } => {
  let routes: ReadonlyArray<string> = []
  return {
    generator: {
      name: "landunits-route-manifest",
      onRouteTreeChanged: ({ routeNodes }) => {
        routes = routePatterns(routeNodes)
      },
    },
    vite: {
      name: "landunits-route-manifest",
      apply: "build",
      generateBundle() {
        if (routes.length === 0)
          this.error("the router plugin reported no routes, so routes.json would be empty")
        const manifest: RouteManifest = { routes }
        this.emitFile({
          type: "asset",
          fileName: ROUTE_MANIFEST_FILE,
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        })
      },
    },
  }
}
