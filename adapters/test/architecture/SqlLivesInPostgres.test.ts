/**
 * All SQL lives under adapters/src/postgres (issue 40): one `<Port>Pg.ts` per port, and a module named for what it
 * reads or writes where no port asks for it (the outbox worker's statements, the scrape's reads). The logic around it
 * (a worker's loop, a job's schedule, a zip's layout, a document's sealing) stays where it was and calls those.
 *
 * This test reads every source file under adapters/src outside postgres/, and under cli/src (the admin CLI's
 * commands, the infrastructure ones included, call the postgres/ modules), with the TypeScript compiler and fails
 * listing each place that holds SQL:
 * - a tagged template whose tag is a SQL client (`sql\`…\``, `sql<Row>\`…\``), whatever its text;
 * - `sql.unsafe(…)`, a statement given as a string;
 * - any string or template literal that reads as a statement (SELECT, INSERT INTO, UPDATE … SET, DELETE FROM, SHOW,
 *   CREATE/ALTER/DROP TABLE, TRUNCATE), whoever runs it (PGlite's `db.query`, a child process).
 * Using the client without SQL (`SqlClient.SqlClient` as a service, `sql.withTransaction(…)`) is not SQL and is
 * allowed. Nothing is allow-listed.
 */
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast"
import { API } from "typescript/unstable/sync"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")
/** The projects read, and the source folders in them. */
const PROJECTS = [
  { config: "adapters/tsconfig.json", src: "adapters/src/" },
  { config: "cli/tsconfig.json", src: "cli/src/" },
]
const POSTGRES = "adapters/src/postgres/"

const STATEMENT =
  /\b(?:SELECT\b|INSERT\s+INTO\b|UPDATE\s+[\w."]+\s+SET\b|DELETE\s+FROM\b|SHOW\s+\w|(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX|VIEW|FUNCTION|TRIGGER)\b|TRUNCATE\b)/

const relative = (file: string) => path.relative(ROOT, file)

type Finding = { readonly file: string; readonly line: number; readonly what: string }

/** The SQL client names a tag or a call reaches through: `sql`, `this.sql`, `client.sql`. */
const isSqlClient = (text: string) => /(?:^|\.)sql$/.test(text)

const findingsIn = (sourceFile: SourceFile): ReadonlyArray<Finding> => {
  const text = sourceFile.text
  const file = relative(sourceFile.fileName)
  const lineOf = (position: number) => text.slice(0, position).split("\n").length
  const source = (node: Node) => node.getText(sourceFile)
  const found: Array<Finding> = []
  const add = (node: Node, what: string) =>
    found.push({ file, line: lineOf(node.getStart(sourceFile)), what })
  const visit = (node: Node): undefined => {
    switch (node.kind) {
      case SyntaxKind.TaggedTemplateExpression: {
        const tag = (node as unknown as { tag: Node }).tag
        if (isSqlClient(source(tag))) add(node, `a ${source(tag)}\`…\` statement`)
        break
      }
      case SyntaxKind.CallExpression: {
        const callee = source((node as unknown as { expression: Node }).expression)
        if (/(?:^|\.)sql\.unsafe$/.test(callee)) add(node, `${callee}(…)`)
        break
      }
      case SyntaxKind.StringLiteral:
      case SyntaxKind.NoSubstitutionTemplateLiteral:
      case SyntaxKind.TemplateHead:
      case SyntaxKind.TemplateMiddle:
      case SyntaxKind.TemplateTail: {
        const value = (node as unknown as { text: string }).text
        const statement = STATEMENT.exec(value)
        if (statement !== null) add(node, `a literal reading as SQL ("${statement[0]}…")`)
        break
      }
    }
    return node.forEachChild(visit)
  }
  sourceFile.forEachChild(visit)
  return found
}

describe("all SQL lives under adapters/src/postgres", () => {
  const api = new API({ cwd: ROOT })
  let findings: ReadonlyArray<Finding> = []
  let read: ReadonlySet<string> = new Set()
  beforeAll(() => {
    const configs = PROJECTS.map(({ config }) => path.join(ROOT, config))
    const snapshot = api.updateSnapshot({ openProjects: configs })
    const files = new Map<string, SourceFile>()
    for (const { config, src } of PROJECTS) {
      const project = snapshot.getProject(path.join(ROOT, config))
      if (project === undefined) throw new Error(`no TypeScript project for ${config}`)
      for (const file of project.program.getSourceFileNames()) {
        if (!relative(file).startsWith(src) || !/\.tsx?$/.test(file) || files.has(relative(file))) continue
        const sourceFile = project.program.getSourceFile(file)
        if (sourceFile === undefined) throw new Error(`the compiler did not parse ${relative(file)}`)
        files.set(relative(file), sourceFile)
      }
    }
    read = new Set(files.keys())
    findings = [...files.values()].flatMap(findingsIn)
  }, 60_000)
  afterAll(() => api.close())

  it("finds the SQL it looks for: every statement module under postgres/ is seen to hold SQL", () => {
    const seen = new Set(findings.map((finding) => finding.file))
    for (const module of [
      "LedgerStorePg.ts",
      "OutboxDeliveryPg.ts",
      "AppliedMigrations.ts",
      "DatabasePingPg.ts",
    ])
      expect(seen).toContain(`${POSTGRES}${module}`)
  })

  it("reads the CLI's sources too", () => {
    expect(read).toContain("cli/src/bin.ts")
    expect(read).toContain("cli/src/commands/db/status.ts")
  })

  it("no file under adapters/src outside postgres/, nor under cli/src, holds SQL", () => {
    expect(
      findings
        .filter((finding) => !finding.file.startsWith(POSTGRES))
        .map((finding) => `${finding.file}:${finding.line}: ${finding.what}`),
    ).toEqual([])
  })
})
