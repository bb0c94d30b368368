// @vitest-environment node
/**
 * No import cycle in web/src: a module and the modules it imports (relative imports, static or lazy) never
 * lead back to it. A cycle makes load order matter and ties features that should stand alone (issue 20).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))

const sourceFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".gen.ts") ? [full] : []
  })

const IMPORT =
  /(?:import|export)\s[^"']*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g

const importsOf = (file: string): Array<string> =>
  [...fs.readFileSync(file, "utf8").matchAll(IMPORT)]
    .map((m) => path.resolve(path.dirname(file), m[1] ?? m[2] ?? ""))
    .filter((target) => fs.existsSync(target))

/** The cycles of the graph, each as the list of files from a module back to itself. */
export const cyclesOf = (graph: ReadonlyMap<string, ReadonlyArray<string>>): Array<Array<string>> => {
  const cycles: Array<Array<string>> = []
  const state = new Map<string, "open" | "done">()
  const stack: Array<string> = []
  const visit = (node: string) => {
    state.set(node, "open")
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (state.get(next) === undefined) visit(next)
    }
    stack.pop()
    state.set(node, "done")
  }
  for (const node of graph.keys()) if (state.get(node) === undefined) visit(node)
  return cycles
}

describe("web/src's imports", () => {
  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ])
    expect(cyclesOf(graph)).toEqual([["a", "b", "c", "a"]])
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([])
  })

  it("hold no cycle", () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(50)
    const graph = new Map(files.map((file) => [file, importsOf(file)]))
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((f) => path.relative(SRC, f)).join(" → "))
    expect(cycles).toEqual([])
  })
})
