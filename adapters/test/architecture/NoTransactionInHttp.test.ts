/**
 * No HTTP handler opens a transaction (issue 40): a handler is a thin controller, as a CLI command is
 * (docs/architecture.md): it decodes the request, calls one of core's use cases and answers. Where several changes
 * must commit together, the use case runs them in one unit of work (core's UnitOfWork port, e.g.
 * ProfileService.update), or the port's adapter in one transaction of its own.
 *
 * This test reads every source file under adapters/src with the TypeScript compiler and fails listing each place
 * under adapters/src/http that opens one:
 * - the SQL client's `withTransaction` (named at all: called, passed or taken from the client);
 * - core's UnitOfWork port imported (its `transaction` is the use cases' to run).
 * Nothing is allow-listed.
 */
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast"
import { API } from "typescript/unstable/sync"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")
const SRC = "adapters/src/"
const HTTP = "adapters/src/http/"

const relative = (file: string) => path.relative(ROOT, file)

type Finding = { readonly file: string; readonly line: number; readonly what: string }

const findingsIn = (sourceFile: SourceFile): ReadonlyArray<Finding> => {
  const text = sourceFile.text
  const file = relative(sourceFile.fileName)
  const lineOf = (position: number) => text.slice(0, position).split("\n").length
  const found: Array<Finding> = []
  const add = (node: Node, what: string) =>
    found.push({ file, line: lineOf(node.getStart(sourceFile)), what })
  const visit = (node: Node): undefined => {
    switch (node.kind) {
      case SyntaxKind.Identifier: {
        if ((node as unknown as { text: string }).text === "withTransaction")
          add(node, "the SQL client's withTransaction")
        break
      }
      case SyntaxKind.ImportDeclaration: {
        const specifier = (node as unknown as { moduleSpecifier: { text?: string } }).moduleSpecifier.text
        if (specifier !== undefined && /\/ports\/UnitOfWork(?:\.ts)?$/.test(specifier))
          add(node, `core's UnitOfWork port imported (${specifier})`)
        break
      }
    }
    return node.forEachChild(visit)
  }
  sourceFile.forEachChild(visit)
  return found
}

describe("no HTTP handler opens a transaction", () => {
  const api = new API({ cwd: ROOT })
  let findings: ReadonlyArray<Finding> = []
  let read: ReadonlyArray<string> = []
  beforeAll(() => {
    const config = path.join(ROOT, "adapters", "tsconfig.json")
    const project = api.updateSnapshot({ openProjects: [config] }).getProject(config)
    if (project === undefined) throw new Error("no TypeScript project for adapters")
    read = project.program
      .getSourceFileNames()
      .filter((file) => relative(file).startsWith(SRC) && /\.tsx?$/.test(file))
    findings = read.flatMap((file) => {
      const sourceFile = project.program.getSourceFile(file)
      if (sourceFile === undefined) throw new Error(`the compiler did not parse ${relative(file)}`)
      return findingsIn(sourceFile)
    })
  }, 60_000)
  afterAll(() => api.close())

  it("finds what it looks for: the unit of work's adapter opens transactions, and the handlers are read", () => {
    const seen = new Set(findings.map((finding) => finding.file))
    expect(seen).toContain("adapters/src/postgres/UnitOfWorkPg.ts")
    expect(read.map(relative)).toContain(`${HTTP}handlers/ProfileHandlers.ts`)
  })

  it("no file under adapters/src/http opens a transaction", () => {
    expect(
      findings
        .filter((finding) => finding.file.startsWith(HTTP))
        .map((finding) => `${finding.file}:${finding.line}: ${finding.what}`),
    ).toEqual([])
  })
})
