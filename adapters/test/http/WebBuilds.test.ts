/**
 * The web app's builds (WebBuilds.ts) and how a server serves them (StaticFiles.ts): a build is published into a
 * folder of its own and named `current` with one rename, never emptying or changing a folder a process serves; a
 * server serves the build it started with (its index.html read once), and finds a hashed asset it lacks in the
 * other builds kept beside it, those published after its start included: during a rolling restart a page served
 * by a process of either build gets its scripts from every process.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { layerStaticFiles } from "../../src/http/server/StaticFiles.ts"
import {
  CURRENT,
  currentBuild,
  DEFAULT_WEB_BUILDS_DIR,
  KEEP_BUILDS,
  listBuilds,
  newBuildId,
  otherBuildFolders,
  publishBuild,
  stagingFolder,
  type WebBuild,
  webBuildsDir,
} from "../../src/http/server/WebBuilds.ts"
import { useTestServer } from "../support/TestServer.ts"
import { pageOf, publishTestBuild } from "../support/WebBuildFixture.ts"

const folders: Array<string> = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})
const buildsFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-builds-"))
  folders.push(dir)
  return dir
}

const publish = publishTestBuild

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 10, 0, 0))

describe("publishing a build", () => {
  it("moves the staged build into a folder of its own and names it current, leaving the previous build as it was", () => {
    const dir = buildsFolder()
    expect(currentBuild(dir)).toBeUndefined()
    const first = publish(dir, "first", day(0))
    expect(currentBuild(dir)?.id).toBe(first.id)
    const served = fs.readFileSync(path.join(currentBuild(dir)!.dist, "index.html"), "utf8")
    const second = publish(dir, "second", day(1))

    expect(currentBuild(dir)?.id).toBe(second.id)
    // `current` is a relative link: the folder may move as a whole.
    expect(fs.readlinkSync(path.join(dir, CURRENT))).toBe(second.id)
    expect(fs.readFileSync(path.join(first.dist, "index.html"), "utf8")).toBe(served)
    expect(fs.readdirSync(dir).sort()).toEqual([CURRENT, first.id, second.id].sort())
  })

  it("refuses a staged build without its index.html, leaving current and the staging folder as they were", () => {
    const dir = buildsFolder()
    const first = publish(dir, "first", day(0))
    const id = newBuildId(day(1))
    const staged = stagingFolder(dir, id)
    fs.mkdirSync(path.join(staged, "dist"), { recursive: true })
    expect(() => publishBuild(dir, staged, id)).toThrow("has no dist/index.html")
    expect(currentBuild(dir)?.id).toBe(first.id)
    expect(fs.existsSync(staged)).toBe(true)
    expect(listBuilds(dir).map((b) => b.id)).toEqual([first.id])
  })

  it("links the node_modules it was built with, so its page renderer finds its packages outside the checkout too", async () => {
    // A renderer importing a package by name, as Vite's server build imports React and the router.
    const stage = (dir: string, id: string) => {
      const staged = stagingFolder(dir, id)
      fs.mkdirSync(path.join(staged, "dist"), { recursive: true })
      fs.mkdirSync(path.join(staged, "dist-ssr"), { recursive: true })
      fs.writeFileSync(
        path.join(staged, "dist", "index.html"),
        '<html><body><div id="root"></div></body></html>',
      )
      fs.writeFileSync(
        path.join(staged, "dist-ssr", "entry-server.js"),
        [
          'import { Option } from "effect"',
          "export const renderPage = async (href) => ({",
          '  status: 200, head: { title: "t", description: "d" }, after: "",',
          '  root: Option.getOrElse(Option.some("rendered " + href), () => ""),',
          "})",
        ].join("\n"),
      )
      return staged
    }
    // The system's temp folder: no node_modules on the way up from it. Node itself imports the renderer, in a
    // process of its own, as the server does (Vitest's own module loader would find the package anyway).
    const rendered = (build: WebBuild) =>
      execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const m = await import(${JSON.stringify(pathToFileURL(path.join(build.dist, "..", "dist-ssr", "entry-server.js")).href)}); console.log((await m.renderPage("/news")).root)`,
        ],
        { encoding: "utf8", stdio: "pipe" },
      ).trim()
    const dir = buildsFolder()
    const checkout = fileURLToPath(new URL("../../../node_modules", import.meta.url))
    const linked = publishBuild(dir, stage(dir, newBuildId(day(0))), newBuildId(day(0)), checkout)
    expect(rendered(linked)).toBe("rendered /news")
    expect(fs.realpathSync(path.join(dir, linked.id, "node_modules"))).toBe(fs.realpathSync(checkout))

    const bare = publishBuild(dir, stage(dir, newBuildId(day(1))), newBuildId(day(1)))
    expect(() => rendered(bare)).toThrow("Cannot find package 'effect'")
  })

  it("removing an old build removes its link to node_modules, never what the link names", () => {
    const dir = buildsFolder()
    const modules = buildsFolder()
    fs.writeFileSync(path.join(modules, "kept.txt"), "a package")
    const first = publishTestBuild(dir, "first", day(0))
    fs.symlinkSync(modules, path.join(dir, first.id, "node_modules"))
    for (let n = 1; n <= KEEP_BUILDS + 1; n++) publishTestBuild(dir, `later${n}`, day(n))
    expect(fs.existsSync(path.join(dir, first.id))).toBe(false)
    expect(fs.readFileSync(path.join(modules, "kept.txt"), "utf8")).toBe("a package")
  })

  it("a folder without a current build, or whose current names no index.html, has no build to serve", () => {
    const dir = buildsFolder()
    fs.mkdirSync(path.join(dir, "20261101T100000Z-abcd", "dist"), { recursive: true })
    fs.symlinkSync("20261101T100000Z-abcd", path.join(dir, CURRENT))
    expect(currentBuild(dir)).toBeUndefined()
    expect(currentBuild(path.join(dir, "no-such-folder"))).toBeUndefined()
    expect(listBuilds(dir)).toEqual([])
  })

  it("keeps the newest three builds and the one current named before, whatever the number of releases", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 6 }), (releases, rollback) => {
        const dir = buildsFolder()
        const made: Array<WebBuild> = []
        for (let n = 0; n < releases; n++) {
          // Now and then an operator points current back at an older build (a rollback) before the next release.
          if (n > 0 && n === rollback && made.length > 1) {
            fs.rmSync(path.join(dir, CURRENT))
            fs.symlinkSync(made[0]!.id, path.join(dir, CURRENT))
          }
          const before = currentBuild(dir)?.id
          made.push(publish(dir, `b${n}`, day(n)))
          const kept = listBuilds(dir).map((b) => b.id)
          const newest = made.slice(-KEEP_BUILDS).map((b) => b.id)
          expect(currentBuild(dir)?.id).toBe(made.at(-1)!.id)
          for (const id of newest) expect(kept).toContain(id)
          if (before !== undefined) expect(kept).toContain(before)
          for (const id of kept) expect(newest.includes(id) || id === before).toBe(true)
          expect(kept.length).toBeLessThanOrEqual(KEEP_BUILDS + 1)
        }
      }),
      { numRuns: 25 },
    )
  })

  it("WEB_BUILDS_DIR names the folder, a relative one from the checkout (npm run build runs in web/, the server in the checkout)", () => {
    const checkout = fileURLToPath(new URL("../../../", import.meta.url))
    expect(webBuildsDir(undefined)).toBe(path.join(checkout, "web", "builds"))
    expect(webBuildsDir(" ")).toBe(DEFAULT_WEB_BUILDS_DIR)
    expect(webBuildsDir("/srv/landunits-web")).toBe("/srv/landunits-web")
    expect(webBuildsDir("../landunits-web")).toBe(path.resolve(checkout, "../landunits-web"))
  })

  it("a build's id sorts by the time it was made", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (at, laterMs) => {
          const later = new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000 + laterMs)
          expect(newBuildId(at) < newBuildId(later)).toBe(true)
        },
      ),
    )
  })
})

// A server that started on build A; build B is published after its start, as a release before a rolling restart.
const dir = buildsFolder()
const buildA = publish(dir, "aaaa", day(0), { "only-in-a.txt": "a" })
const server = useTestServer(
  HttpRouter.serve(layerStaticFiles(buildA.dist, { otherBuilds: () => otherBuildFolders(dir, buildA) }), {
    disableLogger: true,
    disableListenLog: true,
  }).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))),
)
const get = (pathname: string) => fetch(`${server.baseUrl()}${pathname}`)

describe("a server and the builds beside its own", () => {
  it("serves its own build's page, and a hashed asset of a build published after its start", async () => {
    const buildB = publish(dir, "bbbb", day(1), { "only-in-b.txt": "b" })
    expect(currentBuild(dir)?.id).toBe(buildB.id)

    const page = await get("/news")
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(pageOf("aaaa"))
    for (const name of ["aaaa", "bbbb"]) {
      const asset = await get(`/assets/index-${name}.js`)
      expect(asset.status, name).toBe(200)
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
      expect(await asset.text()).toBe(`/* build ${name} */\n`)
    }
    // Only hashed assets come from another build: its other files and pages are its own.
    expect((await get("/only-in-b.txt")).status).toBe(404)
    expect(await (await get("/robots.txt")).text()).toContain("aaaa")
    expect((await get("/only-in-a.txt")).status).toBe(200)
    expect((await get("/assets/index-cccc.js")).status).toBe(404)
    expect((await get("/assets/%2e%2e/only-in-b.txt")).status).toBe(404)
  })

  it("keeps the page it started with when its build's index.html changes on disk", async () => {
    fs.writeFileSync(path.join(buildA.dist, "index.html"), pageOf("changed"))
    expect(await (await get("/")).text()).toBe(pageOf("aaaa"))
  })
})
