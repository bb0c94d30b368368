/**
 * The web app's builds on disk (docs/operations/rolling-restarts.md, "Build once, start without building"):
 *
 *   WEB_BUILDS_DIR/                 web/builds by default
 *     20261130T101503Z-3f9a/        one build: dist/ (the browser's files), dist-ssr/ (the page renderer) and
 *                                   node_modules -> the checkout's that built it (the packages the renderer imports)
 *     20261201T080000Z-71c2/
 *     current -> 20261201T080000Z-71c2
 *
 * `npm run build` (web/scripts/build.ts) builds into a staging folder beside them, moves it to its own folder and
 * then points `current` at it with one rename, so a build never empties or changes a folder a process serves.
 * A start resolves `current` once and serves that build for its whole life; a hashed asset (`/assets/…`) its
 * build lacks is looked for in the other builds kept here, so during a rolling restart a page served by a process
 * of either build finds its scripts on every process (StaticFiles.ts). The newest KEEP_BUILDS builds are kept, and
 * the one `current` names, whatever its age.
 *
 * Plain node:fs, no Effect: the production start (cli/src/serve.ts) reads it before it loads the app.
 */
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

/** The checkout the app runs from. */
const CHECKOUT = fileURLToPath(new URL("../../../../", import.meta.url))

/** The checkout's web/builds: where `npm run build` writes unless WEB_BUILDS_DIR says otherwise. */
export const DEFAULT_WEB_BUILDS_DIR = path.join(CHECKOUT, "web", "builds")

/**
 * The builds folder WEB_BUILDS_DIR names, else the checkout's. A relative path is taken from the checkout, not from
 * the working directory: `npm run build` runs in web/, `npm run serve` in the checkout, and both must find one folder.
 */
export const webBuildsDir = (setting: string | undefined): string =>
  setting === undefined || setting.trim() === ""
    ? DEFAULT_WEB_BUILDS_DIR
    : path.resolve(CHECKOUT, setting.trim())

/** The link naming the build a start serves. */
export const CURRENT = "current"

/** How many builds a new build leaves (itself and the two before it), besides the one `current` names. */
export const KEEP_BUILDS = 3

/** A build's name: the UTC time it was made, to the second, and 4 random hex digits (sorts by age). */
const BUILD_ID = /^\d{8}T\d{6}Z-[0-9a-f]{4}$/

export interface WebBuild {
  readonly id: string
  /** The browser's files: what the server serves. */
  readonly dist: string
}

const buildAt = (dir: string, id: string): WebBuild => ({ id, dist: path.join(dir, id, "dist") })

const isBuilt = (build: WebBuild) => fs.existsSync(path.join(build.dist, "index.html"))

/** A new build's id, from `now`. */
export const newBuildId = (now: Date = new Date()): string =>
  `${now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}-${randomBytes(2).toString("hex")}`

/**
 * The build `current` names in `dir`, resolved now (a later build changes `current`, never this answer's
 * folder); undefined when there is no current build with its index.html.
 */
export const currentBuild = (dir: string): WebBuild | undefined => {
  let id: string
  try {
    id = path.basename(fs.realpathSync(path.join(dir, CURRENT)))
  } catch {
    return undefined
  }
  const build = buildAt(fs.realpathSync(dir), id)
  return isBuilt(build) ? build : undefined
}

/** Every complete build in `dir`, newest first (staging folders and `current` are not builds). */
export const listBuilds = (dir: string): ReadonlyArray<WebBuild> => {
  let names: ReadonlyArray<string>
  try {
    names = fs.readdirSync(dir)
  } catch {
    return []
  }
  return names
    .filter((name) => BUILD_ID.test(name))
    .sort()
    .reverse()
    .map((id) => buildAt(dir, id))
    .filter(isBuilt)
}

/** Where a build is made before it is published: in `dir`, so publishing it is a rename on one file system. */
export const stagingFolder = (dir: string, id: string): string => path.join(dir, `.staging-${id}`)

/**
 * Publishes the build staged in `staged` (its dist/ and dist-ssr/) as build `id`: links `nodeModules` (the
 * node_modules of the checkout that built it) into it, so its page renderer finds the packages it imports (React,
 * the router) wherever the builds folder is and whatever a later release installs; moves it into place; points
 * `current` at it atomically (a new link renamed over the old one); then removes the builds past the newest
 * KEEP_BUILDS, never the one `current` named before (a process may serve it) nor the new one.
 */
export const publishBuild = (dir: string, staged: string, id: string, nodeModules?: string): WebBuild => {
  if (!BUILD_ID.test(id)) throw new Error(`"${id}" is not a build id (${BUILD_ID})`)
  if (!fs.existsSync(path.join(staged, "dist", "index.html")))
    throw new Error(`The build staged in ${staged} has no dist/index.html: not published`)
  if (nodeModules !== undefined) fs.symlinkSync(path.resolve(nodeModules), path.join(staged, "node_modules"))
  fs.renameSync(staged, path.join(dir, id))
  const build = buildAt(dir, id)
  const previous = currentBuild(dir)?.id
  const link = path.join(dir, `.${CURRENT}-${id}`)
  fs.symlinkSync(id, link)
  fs.renameSync(link, path.join(dir, CURRENT))
  const keep = new Set([id, ...(previous === undefined ? [] : [previous])])
  for (const old of listBuilds(dir).slice(KEEP_BUILDS))
    if (!keep.has(old.id)) fs.rmSync(path.join(dir, old.id), { recursive: true, force: true })
  return build
}

/**
 * The browser's folders of every build in `dir` but `own`'s, newest first: where a hashed asset the process's own
 * build lacks may be (read at each call, so a build published after the start is seen).
 */
export const otherBuildFolders = (dir: string, own: WebBuild): ReadonlyArray<string> =>
  listBuilds(dir)
    .filter((b) => b.id !== own.id)
    .map((b) => b.dist)
