/**
 * All SQL lives under adapters/src/postgres (issue 40): one `<Port>Pg.ts` per port, and a module named for what it
 * reads or writes where no port asks for it (the outbox worker's statements, the scrape's reads). The logic around it
 * (a worker's loop, a job's schedule, a zip's layout, a document's sealing) stays where it was and calls those.
 *
 * This test reads every source file under adapters/src outside postgres/ with the TypeScript compiler and fails
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
const SRC = "adapters/src/"
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
  beforeAll(() => {
    const config = path.join(ROOT, "adapters", "tsconfig.json")
    const project = api.updateSnapshot({ openProjects: [config] }).getProject(config)
    if (project === undefined) throw new Error("no TypeScript project for adapters")
    findings = project.program
      .getSourceFileNames()
      .filter((file) => relative(file).startsWith(SRC) && /\.tsx?$/.test(file))
      .flatMap((file) => {
        const sourceFile = project.program.getSourceFile(file)
        if (sourceFile === undefined) throw new Error(`the compiler did not parse ${relative(file)}`)
        return findingsIn(sourceFile)
      })
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

  it("no file under adapters/src outside postgres/ holds SQL", () => {
    expect(
      findings
        .filter((finding) => !finding.file.startsWith(POSTGRES))
        .map((finding) => `${finding.file}:${finding.line}: ${finding.what}`),
    ).toEqual([])
  })
})
