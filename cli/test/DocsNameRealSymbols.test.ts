/**
 * A doc that names code that no longer exists is a bug, and docs are a reference that says how things are now,
 * not a diary. This test reads the same docs as DocsNameRealFiles.test.ts and fails for
 * - a backticked code name outside fenced blocks (`PascalCase` or `camelCase` with an inner capital, 3+ characters,
 *   optionally with `()` or `.member`) that the source does not declare,
 * - "this session" or "previous session" anywhere under docs/, a heading that names an issue number, and
 * - a file under docs/ of more than 600 lines, and
 * - a decision record in docs/decisions/ not named `NNNN-title.md` (numbers unique and consecutive from 0001), without
 *   its four headings (Context, Decision, Consequences, Superseded by, in that order), or missing from the index,
 *   docs/decisions.md.
 *
 * The declared names come from scanning the source text with regular expressions (comments removed), not from the
 * compiler: declarations, imports, object keys and method names, file names (a module is named after what it
 * exports), tagged structs and errors, SQL table and function names, the alerts in docs/deploy/alerts.yml, and the
 * names Effect's packages export.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { docs, filesUnder, ROOT, readRepositoryFile } from "./support/RepositoryDocs.ts"

/** Words in backticks that look like code names and are not ours or a library's. Each with its reason. */
const NOT_CODE: ReadonlyMap<string, string> = new Map([
  ["LandAdmin2026", "a demo password (adapters/src/demo/DemoHistory.ts), a string, not a name"],
  ["LandDemo2026", "a demo password, a string, not a name"],
  ["LandSam2026", "a demo password, a string, not a name"],
  ["LimitNOFILE", "a systemd directive"],
  ["TimeoutStopSec", "a systemd directive"],
  ["WorkingDirectory", "a systemd directive"],
  ["livenessProbe", "a Kubernetes pod field, named for comparison"],
  ["terminationGracePeriodSeconds", "a Kubernetes pod field, named for comparison"],
  ["noExternal", "a Vite option (`ssr.noExternal`)"],
  ["drawText", "a pdf-lib method"],
  ["createRequestHandler", "TanStack Router's SSR kit, named as the choice not taken"],
  ["RouterServer", "TanStack Router's SSR kit, named as the choice not taken"],
  ["RouterClient", "TanStack Router's SSR kit, named as the choice not taken"],
  ["loadRouteChunk", "a TanStack Router method a measured attempt used (bench history; not kept)"],
  ["writeBuffer", "a Node.js internal function as a CPU profile names it"],
  ["WebAuthn", "the Chrome DevTools Protocol's WebAuthn domain (`WebAuthn.enable`)"],
])

const SOURCE_DIRS = ["core", "adapters", "cli", "web", "test-support", "bench"]
/**
 * Effect's packages, whose modules and exports the docs name when they say how the code uses them. Other libraries'
 * names count where our code imports or uses them, so a doc cannot name one of their parts the code does not use.
 */
const LIBRARIES = ["effect", "@effect/platform-node", "@effect/sql-pg", "@effect/vitest"]

const IDENTIFIER = /[A-Za-z_$][\w$]*/g
const DECLARATION =
  /\b(?:function\*?|class|const|let|var|type|interface|enum|namespace)\s+([A-Za-z_$][\w$]*)/g
const BRACED_NAMES = /\b(?:const|let|import|export)\s*(?:type\s*)?\{([^}]*)\}/g
const IMPORTED = /\bimport\s+(?:type\s+)?(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)/g
const KEY_OR_METHOD = /(?:^|[\s{,(])([A-Za-z_$][\w$]*)\??\s*[:(]/gm
const TAG = /\bTagged\w*(?:<[^()]*>)?(?:\(\))?\(\s*"([A-Za-z_$][\w$]*)"/g
/** An alert rule's name in docs/deploy/alerts.yml. */
const ALERT = /^\s*-?\s*alert:\s*([A-Za-z]\w*)/gm
const SQL_NAME =
  /\bcreate\s+(?:or\s+replace\s+)?(?:unique\s+)?(?:table|function|view|index|trigger|type|sequence)\s+(?:if\s+not\s+exists\s+)?([\w.]+)/gi
const EXPORTED =
  /\bexport\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:function|class|const|let|var|type|interface|enum|namespace)\s+([A-Za-z_$][\w$]*)|\bexport\s*(?:type\s*)?\{([^}]*)\}|\bexport\s+\*\s+as\s+([A-Za-z_$][\w$]*)/g

/** `/* … *\/` and `//` comments that start a line or follow a space (so `"https://…"` and `"**\/*.ts"` stay). */
const withoutComments = (text: string) =>
  text.replace(/(^|\s)\/\*[\s\S]*?\*\//g, "$1").replace(/(^|\s)\/\/.*$/gm, "$1")

const lastNames = (list: string) =>
  list.split(",").flatMap(
    (part) =>
      part
        .trim()
        .match(/([\w$]+)\s*$/)
        ?.slice(1) ?? [],
  )

const fileName = (file: string) => path.basename(file).replace(/(\.test)?\.(d\.)?[cm]?(ts|tsx|js|sql)$/, "")

const { declared, used } = (() => {
  const declared = new Set<string>()
  const used = new Set<string>()
  const sources = SOURCE_DIRS.flatMap((dir) =>
    filesUnder(dir, (name) => /\.(ts|tsx|mjs|sql)$/.test(name) && !name.endsWith(".d.ts")),
  )
  for (const file of sources) {
    declared.add(fileName(file))
    const text = withoutComments(readRepositoryFile(file))
    for (const pattern of [DECLARATION, IMPORTED, KEY_OR_METHOD, TAG, SQL_NAME])
      for (const [, name] of text.matchAll(pattern)) if (name !== undefined) declared.add(name)
    for (const [, list] of text.matchAll(BRACED_NAMES))
      for (const name of lastNames(list ?? "")) declared.add(name)
    for (const [word] of text.matchAll(IDENTIFIER)) used.add(word)
  }
  for (const file of filesUnder("docs/deploy", (name) => /\.ya?ml$/.test(name)))
    for (const [, name] of readRepositoryFile(file).matchAll(ALERT))
      if (name !== undefined) declared.add(name)
  for (const library of LIBRARIES) {
    const dir = path.join(ROOT, "node_modules", library)
    const typings = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : []
    for (const file of typings.filter(
      (name) => /\.d\.[cm]?ts$/.test(name) && !name.includes("node_modules"),
    )) {
      declared.add(fileName(file))
      for (const [, name, list, namespace] of fs
        .readFileSync(path.join(dir, file), "utf8")
        .matchAll(EXPORTED)) {
        for (const one of [name, namespace, ...lastNames(list ?? "")])
          if (one !== undefined) declared.add(one)
      }
    }
  }
  return { declared, used }
})()

const BACKTICKED = /`([^`\n]+)`/g
const CODE_NAME = /^([A-Za-z_$][\w$]*)(?:\(\))?((?:\.[A-Za-z_$][\w$]*(?:\(\))?)*)$/
const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm

/** `PascalCase` or `camelCase` with a capital inside: `OrderService`, `placeBuy`; not `DATABASE_URL`, `Units`. */
const looksLikeCode = (word: string) =>
  word.length >= 3 && /[a-z]/.test(word) && /^(?:[a-z][\w$]*[A-Z]|[A-Z][a-z0-9]+[A-Z])/.test(word)

const known = (word: string) => NOT_CODE.has(word) || declared.has(word)

/** A PascalCase name must be declared; a camelCase one (a field, an option, an event's kind) used in the code. */
const knownHead = (word: string) => known(word) || (/^[a-z]/.test(word) && used.has(word))

const unknownNamesIn = (doc: string): ReadonlyArray<string> => {
  const text = readRepositoryFile(doc).replace(FENCED, "")
  const unknown = new Set<string>()
  for (const [, inside] of text.matchAll(BACKTICKED)) {
    const match = inside?.trim().match(CODE_NAME)
    if (!match) continue
    const [, head = "", rest = ""] = match
    const members = rest.split(".").flatMap((part) => (part === "" ? [] : [part.replace("()", "")]))
    if (looksLikeCode(head) && !knownHead(head)) unknown.add(head)
    for (const member of members)
      if (looksLikeCode(member) && !known(member) && !used.has(member)) unknown.add(inside ?? member)
  }
  return [...unknown]
}

const docsUnderDocs = docs.filter((doc) => doc.startsWith("docs/"))

describe("the docs name code that exists", () => {
  it("knows the code's names and a library's", () => {
    for (const name of ["OrderService", "HttpApiBuilder", "layerMemory", "buildProgram"])
      expect(declared.has(name), name).toBe(true)
    expect(looksLikeCode("DATABASE_URL")).toBe(false)
    expect(looksLikeCode("Units")).toBe(false)
    expect(looksLikeCode("DocsNameRealSymbols")).toBe(true)
  })

  it.each(docs)("%s", (doc) => {
    expect(unknownNamesIn(doc)).toEqual([])
  })
})

describe("the docs read as a reference, not a diary", () => {
  it.each(docsUnderDocs)("%s", (doc) => {
    const text = readRepositoryFile(doc)
    const lines = text.split("\n")
    const lineCount = text.endsWith("\n") ? lines.length - 1 : lines.length
    const diary = [...text.matchAll(/\b(?:this|previous)\s+session\b/gi)].map(([words]) => words)
    const issueHeadings = lines.filter((line) => /^#+\s/.test(line) && /\bissues?\s+#?\d+/i.test(line))
    expect({ diary, issueHeadings, linesOver600: Math.max(0, lineCount - 600) }).toEqual({
      diary: [],
      issueHeadings: [],
      linesOver600: 0,
    })
  })
})

/** The headings every decision record has, in this order. */
const RECORD_HEADINGS = ["Context", "Decision", "Consequences", "Superseded by"]

const decisionRecords = filesUnder("docs/decisions", (name) => name.endsWith(".md")).map((file) =>
  path.basename(file),
)

describe("the decisions are numbered records", () => {
  it("named NNNN-title.md, numbered 0001 onwards without a gap or a repeat", () => {
    expect(decisionRecords.filter((name) => !/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.test(name))).toEqual([])
    const numbers = decisionRecords.map((name) => Number(name.slice(0, 4))).sort((a, b) => a - b)
    expect(numbers).toEqual(numbers.map((_, index) => index + 1))
  })

  it("listed in the index, docs/decisions.md", () => {
    const index = readRepositoryFile("docs/decisions.md")
    expect(decisionRecords.filter((name) => !index.includes(`(decisions/${name})`))).toEqual([])
  })

  it.each(decisionRecords)(
    "%s has a title, then Context, Decision, Consequences and Superseded by",
    (name) => {
      const text = readRepositoryFile(`docs/decisions/${name}`)
      const headings = [...text.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading?.trim())
      expect({ title: /^# \S/.test(text), headings }).toEqual({ title: true, headings: RECORD_HEADINGS })
    },
  )
})
