/**
 * How long a statement of 10,000 orders takes as PDF and as CSV, and how much the process's memory grows
 * while the CSV is written (issue 19: under 3 s as PDF, under 1 s as CSV, memory growth bounded).
 *
 *   npm run bench:statements                    # 10,000 orders, 5 rounds each
 *   BENCH_ORDERS=50000 npm run bench:statements
 *   BENCH_ROUNDS=10 npm run bench:statements
 *
 * The statement is core's (buildStatement over a sample member's year: buys by every method in several
 * statuses, sells filled by another member with payouts, transfers both ways, conversions), timed from
 * the member's orders and ledger transfers in memory to the finished file: building the statement, its
 * document, and the PDF's bytes or the CSV written to a file through a stream, as the CLI writes it. The
 * database read before it is not timed here (one query each for the orders, transfers and payouts).
 * Memory: the CSV is written to a file while a sampler reads process.memoryUsage() every millisecond;
 * the figure is the peak heap and RSS over the baseline taken just before (after a GC).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { statementPdf } from "../adapters/src/statements/StatementPdf.ts"
import { buildStatement } from "../core/src/statements/Statement.ts"
import { statementCsvChunks } from "../core/src/statements/StatementCsv.ts"
import { statementDocument } from "../core/src/statements/StatementDocument.ts"
import { sampleStatementInput } from "../core/test/support/StatementSample.ts"

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-statements-"))
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})

// The whole year is the period, so every sample order is in it.
const input = { ...sampleStatementInput(ORDERS), period: { from: "2025-01-01", to: "2025-12-31" } }

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1)

/** CPU time of this process (user + system), in ms: on a shared, loaded host it moves less than wall time. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1_000
}

const timePdf = async () => {
  const started = performance.now()
  const cpu = cpuMs()
  const bytes = await statementPdf(statementDocument(buildStatement(input)))
  const ms = performance.now() - started
  const cpuUsed = cpuMs() - cpu
  fs.writeFileSync(path.join(dir, "statement.pdf"), bytes)
  return { ms, cpu: cpuUsed, bytes: bytes.length }
}

const timeCsv = async () => {
  const file = path.join(dir, "statement.csv")
  gc()
  const before = process.memoryUsage()
  let peakHeap = before.heapUsed
  let peakRss = before.rss
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    peakHeap = Math.max(peakHeap, now.heapUsed)
    peakRss = Math.max(peakRss, now.rss)
  }, 1)
  const started = performance.now()
  const cpu = cpuMs()
  const document = statementDocument(buildStatement(input))
  await pipeline(Readable.from(statementCsvChunks(document)), fs.createWriteStream(file))
  const ms = performance.now() - started
  const cpuUsed = cpuMs() - cpu
  clearInterval(sampler)
  const after = process.memoryUsage()
  peakHeap = Math.max(peakHeap, after.heapUsed)
  peakRss = Math.max(peakRss, after.rss)
  return {
    ms,
    cpu: cpuUsed,
    bytes: fs.statSync(file).size,
    heap: peakHeap - before.heapUsed,
    rss: peakRss - before.rss,
  }
}

const statement = buildStatement(input)
console.log(
  `Statement of ${statement.activity.length} orders (${input.transfers.length} ledger transfers, ${input.payouts.length} payouts), ${ROUNDS} rounds, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
)
await timePdf() // warm-up: the JIT compiles the hot paths
await timeCsv()
const pdf = []
const csv = []
for (let i = 0; i < ROUNDS; i++) {
  pdf.push(await timePdf())
  csv.push(await timeCsv())
}
console.log(
  `PDF: median ${median(pdf.map((r) => r.ms)).toFixed(0)} ms (max ${Math.max(...pdf.map((r) => r.ms)).toFixed(0)} ms), CPU median ${median(pdf.map((r) => r.cpu)).toFixed(0)} ms, ${mb(pdf[0]!.bytes)} MB`,
)
console.log(
  `CSV: median ${median(csv.map((r) => r.ms)).toFixed(0)} ms (max ${Math.max(...csv.map((r) => r.ms)).toFixed(0)} ms), CPU median ${median(csv.map((r) => r.cpu)).toFixed(0)} ms, ${mb(csv[0]!.bytes)} MB; memory growth while writing: heap median ${mb(median(csv.map((r) => r.heap)))} MB (max ${mb(Math.max(...csv.map((r) => r.heap)))}), RSS median ${mb(median(csv.map((r) => r.rss)))} MB (max ${mb(Math.max(...csv.map((r) => r.rss)))})`,
)
console.log(
  `Input in memory (orders, transfers, payouts): heap ${mb(process.memoryUsage().heapUsed)} MB in use now`,
)
fs.rmSync(dir, { recursive: true })
