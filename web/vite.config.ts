import { readFileSync } from "node:fs"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig, type Plugin } from "vite"
import { compression } from "vite-plugin-compression2"
import { REPORT_PATH, renderReport } from "./scripts/report.ts"
import { routeManifest } from "./scripts/routeManifest.ts"

const REPORT_SOURCE = new URL("./content/report-2025.md", import.meta.url)

/** The 2025 report: rendered from content/report-2025.md into the build, and served by the dev server. */
const report2025 = (): Plugin => ({
  name: "landunits-report-2025",
  async generateBundle() {
    this.addWatchFile(REPORT_SOURCE.pathname)
    this.emitFile({
      type: "asset",
      fileName: REPORT_PATH,
      source: await renderReport(readFileSync(REPORT_SOURCE, "utf8")),
    })
  },
  configureServer(server) {
    server.middlewares.use(`/${REPORT_PATH}`, (_req, res) => {
      void renderReport(readFileSync(REPORT_SOURCE, "utf8")).then((pdf) => {
        res.setHeader("Content-Type", "application/pdf")
        res.end(pdf)
      })
    })
  },
})

const routes = routeManifest()

// The router plugin must come before react(): it generates src/routeTree.gen.ts and splits each route's
// component into its own chunk, so a page loads only the code it shows. It also hands its route tree to the
// route manifest, which writes dist/routes.json for the server's 404s (scripts/routeManifest.ts).
//
// `vite build --ssr` builds the server's renderer of the public pages (src/entry-server.tsx) into dist-ssr,
// outside dist so it is never served as a file; the report and the manifest belong to the browser's build.
// `npm run build` (scripts/build.ts) gives both builds their folders in a build of its own (web/builds/<id>/dist
// and dist-ssr); the outDirs below are for a bare `vite build`, which nothing serves.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      plugins: isSsrBuild === true ? [] : [routes.generator],
    }),
    react(),
    ...(isSsrBuild === true
      ? []
      : [
          report2025(),
          routes.vite,
          // Brotli and gzip copies beside each text file (x.js.br, x.js.gz, at the highest levels, once per
          // build); the server picks one by Accept-Encoding (adapters/src/http/server/StaticFiles.ts). HTML is
          // left out: the server compresses each HTML answer itself (HtmlResponse.ts), since a page's HTML is
          // rendered per request.
          compression({
            algorithms: ["brotliCompress", "gzip"],
            include: /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/,
            logLevel: "silent",
          }),
        ]),
  ],
  publicDir: isSsrBuild === true ? false : "public",
  build:
    isSsrBuild === true
      ? { outDir: "dist-ssr", emptyOutDir: true, sourcemap: false }
      : {
          outDir: "dist",
          emptyOutDir: true,
          sourcemap: false,
          manifest: true,
          // The app's code (main.tsx and everything it imports) is one file, not ~20: a dashboard page, which the
          // browser renders, waits for all of it, and on a phone's network each file costs a round trip (Lighthouse's
          // phone: 27 requests before the member's first request, performance 77–83 against 89–93 merged). Every
          // page loads that code anyway, so merging it adds no byte to any page. What the entry (boot.ts) shares
          // with the app (the rendered page's id, Vite's preload helper) is a small file of its own, so the entry
          // does not import the app's file statically: a page the server rendered still paints before it arrives.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "boot", test: /src[\\/]lib[\\/]renderedPage\.ts$|preload-helper/, priority: 2 },
                  { name: "app", test: /src[\\/]main\.tsx$/, priority: 1 },
                ],
              },
            },
          },
        },
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? "3000"}` } },
}))
