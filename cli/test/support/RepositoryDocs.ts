/**
 * The repository's docs as the doc tests read them: the README, every Markdown file under docs/ and the
 * benchmark history under bench/results/, named by their path from the repository root.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

/** Folders a walk never enters: installed packages and build outputs (a web build links node_modules back in). */
const SKIPPED = new Set(["node_modules", "dist", "builds", "test-artifacts", "coverage"])

/**
 * The files under `dir` (relative to the root) whose name passes `keep`, skipping installed packages and builds.
 * A hand-made walk: `readdirSync`'s `recursive` enters symbolic links to folders, and a web build's `node_modules`
 * link leads back into the repository, round and round.
 */
export const filesUnder = (dir: string, keep: (name: string) => boolean): ReadonlyArray<string> => {
  const found: Array<string> = []
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir, relative), { withFileTypes: true })) {
      const name = relative === "" ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) walk(name)
      else if (entry.isFile() && keep(name)) found.push(path.join(dir, name))
    }
  }
  if (fs.existsSync(path.join(ROOT, dir))) walk("")
  return found
}

export const markdownFiles = (dir: string): ReadonlyArray<string> =>
  filesUnder(dir, (name) => name.endsWith(".md"))

export const docs: ReadonlyArray<string> = [
  "README.md",
  ...markdownFiles("docs"),
  ...markdownFiles("bench/results"),
]

export const readRepositoryFile = (relative: string): string =>
  fs.readFileSync(path.join(ROOT, relative), "utf8")
