/**
 * The repository's docs as the doc tests read them: the README, every Markdown file under docs/ and the
 * benchmark history under bench/results/, named by their path from the repository root.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

/** The files under `dir` (relative to the root) whose name passes `keep`, skipping installed packages and builds. */
export const filesUnder = (dir: string, keep: (name: string) => boolean): ReadonlyArray<string> =>
  !fs.existsSync(path.join(ROOT, dir))
    ? []
    : fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .filter((name) => !/(^|\/)(node_modules|dist|builds|test-artifacts)(\/|$)/.test(name) && keep(name))
        .map((name) => path.join(dir, name))

export const markdownFiles = (dir: string): ReadonlyArray<string> =>
  filesUnder(dir, (name) => name.endsWith(".md"))

export const docs: ReadonlyArray<string> = [
  "README.md",
  ...markdownFiles("docs"),
  ...markdownFiles("bench/results"),
]

export const readRepositoryFile = (relative: string): string =>
  fs.readFileSync(path.join(ROOT, relative), "utf8")
