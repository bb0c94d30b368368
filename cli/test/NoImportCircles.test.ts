/**
 * No import circle in core, adapters, cli or test-support (issue 40). A circle means a module can run while another
 * it needs is still half-evaluated (a class or schema read as `undefined`, in an order that depends on which file was
 * imported first), and it is the sign of a shared piece that belongs in a module of its own.
 *
 * The graph is the TypeScript compiler's: `typescript/unstable/sync` (TypeScript 7's API) opens each package's
 * tsconfig.json, and every import of every non-test file under `<package>/src` is resolved by the compiler (relative
 * paths, and `@landunits/*` through the workspaces and each package.json's `exports`). It fails listing every
 * strongly connected component of more than one file (or a file importing itself), as one circle walked in order.
 *
 * What counts:
 * - a **runtime** edge is any import or re-export that loads the other file when this one runs, including a dynamic
 *   `import()` (a lazy import hides a circle, it does not remove it) and `import { type X } from` — Node's type
 *   stripping and `verbatimModuleSyntax` keep that as `import {} from`, so the other file still runs;
 * - a **type-only** edge is `import type …`, `export type … from` and an `import("…")` type: erased, never loaded.
 *
 * Runtime circles are forbidden. Circles made only with type-only edges are harmless at run time but are the same
 * design smell, and none exists, so they are forbidden too: a new one is fixed the same way (move the shared type).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast"
import { API } from "typescript/unstable/sync"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const PACKAGES = ["core", "adapters", "cli", "test-support"].filter((name) =>
  fs.existsSync(path.join(ROOT, name, "tsconfig.json")),
)

type Edge = { readonly to: string; readonly typeOnly: boolean }
type Graph = ReadonlyMap<string, ReadonlyArray<Edge>>

const relative = (file: string) => path.relative(ROOT, file)
const isSource = (file: string) => {
  const rel = relative(file)
  return (
    PACKAGES.some((name) => rel.startsWith(`${name}/src/`)) &&
    /\.tsx?$/.test(rel) &&
    !/\.test\.tsx?$/.test(rel)
  )
}

/** Whether the import whose module specifier is `specifier` is erased when the file runs. */
const isTypeOnly = (specifier: Node): boolean => {
  const parent = specifier.parent
  switch (parent.kind) {
    case SyntaxKind.ImportDeclaration: {
      const clause = (
        parent as unknown as { importClause?: { phaseModifier?: SyntaxKind; isTypeOnly?: boolean } }
      ).importClause
      return (
        clause !== undefined &&
        (clause.phaseModifier === SyntaxKind.TypeKeyword || clause.isTypeOnly === true)
      )
    }
    case SyntaxKind.ExportDeclaration:
      return (parent as unknown as { isTypeOnly: boolean }).isTypeOnly
    case SyntaxKind.LiteralType: // import("…") in a type position: the argument is a literal type
      return parent.parent.kind === SyntaxKind.ImportType
    case SyntaxKind.ImportType:
      return true
    default: // a dynamic import() call, an import = require(…)
      return false
  }
}

/** Every non-test source file of the packages, with the files it imports, as the compiler resolves them. */
const buildGraph = (api: API): Graph => {
  const configs = PACKAGES.map((name) => path.join(ROOT, name, "tsconfig.json"))
  const snapshot = api.updateSnapshot({ openProjects: configs })
  const graph = new Map<string, Array<Edge>>()
  for (const [index, name] of PACKAGES.entries()) {
    const project = snapshot.getProject(configs[index] as string)
    if (project === undefined) throw new Error(`no TypeScript project for ${name}`)
    const own = project.program
      .getSourceFileNames()
      .filter((file) => isSource(file) && relative(file).startsWith(`${name}/`))
    for (const file of own) {
      const sourceFile: SourceFile | undefined = project.program.getSourceFile(file)
      if (sourceFile === undefined) throw new Error(`the compiler did not parse ${relative(file)}`)
      const specifiers = sourceFile.imports
      const modules = specifiers.length === 0 ? [] : project.checker.getSymbolAtLocation(specifiers)
      const edges: Array<Edge> = []
      for (const [i, specifier] of specifiers.entries()) {
        const target = modules[i]?.declarations?.find(
          (declaration) => declaration.kind === SyntaxKind.SourceFile,
        )
        if (target !== undefined && isSource(target.path)) {
          edges.push({ to: target.path, typeOnly: isTypeOnly(specifier) })
        }
      }
      graph.set(file, edges)
    }
  }
  return graph
}

/** Tarjan's strongly connected components: the files of each circle. */
const circles = (graph: Graph, follow: (edge: Edge) => boolean): ReadonlyArray<ReadonlyArray<string>> => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const found: Array<ReadonlyArray<string>> = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    onStack.add(file)
    for (const edge of graph.get(file) ?? []) {
      if (!follow(edge)) continue
      if (!index.has(edge.to)) {
        visit(edge.to)
        low.set(file, Math.min(low.get(file) as number, low.get(edge.to) as number))
      } else if (onStack.has(edge.to)) {
        low.set(file, Math.min(low.get(file) as number, index.get(edge.to) as number))
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: Array<string> = []
      let member: string
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== file)
      const selfImport = (graph.get(file) ?? []).some((edge) => follow(edge) && edge.to === file)
      if (component.length > 1 || selfImport) found.push(component)
    }
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file)
  return found
}

/** One circle through a component, in import order: `a.ts → b.ts → a.ts`. */
const walk = (graph: Graph, component: ReadonlyArray<string>, follow: (edge: Edge) => boolean): string => {
  const members = new Set(component)
  const start = [...component].sort()[0] as string
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift() as string
    for (const edge of graph.get(file) ?? []) {
      if (!follow(edge) || !members.has(edge.to)) continue
      if (edge.to === start) {
        const path = [file]
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string)
        return [...path, start].map(relative).join(" → ")
      }
      if (!previous.has(edge.to)) {
        previous.set(edge.to, file)
        queue.push(edge.to)
      }
    }
  }
  return component.map(relative).join(", ")
}

const describeCircles = (graph: Graph, follow: (edge: Edge) => boolean): ReadonlyArray<string> =>
  circles(graph, follow).map((component) => {
    const files = [...component].map(relative).sort()
    return `${walk(graph, component, follow)}   (${files.length} files: ${files.join(", ")})`
  })

describe("no import circle in core, adapters, cli or test-support", () => {
  const api = new API({ cwd: ROOT })
  let graph: Graph = new Map()
  beforeAll(() => {
    graph = buildGraph(api)
  }, 60_000)
  afterAll(() => api.close())

  it("reads every source file of every package, with imports resolved across packages", () => {
    for (const name of PACKAGES) {
      expect([...graph.keys()].some((file) => relative(file).startsWith(`${name}/src/`))).toBe(true)
    }
    const importsAcrossPackages = [...graph].some(
      ([file, edges]) =>
        relative(file).startsWith("cli/") && edges.some((edge) => relative(edge.to).startsWith("core/src/")),
    )
    expect(importsAcrossPackages).toBe(true)
    expect([...graph.values()].some((edges) => edges.some((edge) => edge.typeOnly))).toBe(true)
  })

  it("no runtime circle: no file loads, through its imports, a file that loads it back", () => {
    expect(describeCircles(graph, (edge) => !edge.typeOnly)).toEqual([])
  })

  it("no circle made with type-only imports either", () => {
    expect(describeCircles(graph, () => true)).toEqual([])
  })
})
