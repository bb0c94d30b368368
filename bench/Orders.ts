/**
 * Buy orders committed per second with 8 and 64 concurrent clients (BENCH_CLIENTS), on the PostgreSQL server and on
 * the embedded one (PGlite), with the sizes of the batches they were committed in (core's BuyBatches), each beside pgbench's simple-update on the same kind of server in the same run as
 * the ceiling: on the PostgreSQL server, and on an embedded database of its own served like the app's.
 *
 *   npm run bench:orders                 # server from DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS=20 npm run bench:orders
 *   BENCH_ROUNDS=5 npm run bench:orders   # rounds per client count (default 3)
 *   BENCH_WARMUP_SECONDS=5 npm run bench:orders   # uncounted buys before each figure (default 2)
 *   BENCH_CLIENTS=8 BENCH_ONLY=server npm run bench:orders   # one figure, e.g. under node --cpu-prof
 *   BENCH_CLIENTS=8 BENCH_ONLY=server BENCH_UNIT_TYPES=one npm run bench:orders   # the same, one unit type
 *   BENCH_ONLY=server BENCH_COMMAND=transfer npm run bench:orders   # transfers instead of buys (also sell, convert)
 *   BENCH_CLIENTS=8 BENCH_ONLY=buysql npm run bench:orders   # only a buy's own SQL in pgbench (BuySql.ts)
 *   BENCH_BUY_SQL=1 npm run bench:orders  # a single buy's SQL in pgbench beside each round too
 *   BUY_BATCH_MAX=16 BUY_BATCH_WAIT_MS=1 npm run bench:orders  # the batches' bounds, as the app reads them
 *   BENCH_ACROSS_UNIT_TYPES=1 npm run bench:orders  # batches across unit types on the server too (embedded: always)
 *   BENCH_PEER_SQL=path/to/pgledger.sql npm run bench:orders  # also a peer ledger's transfers (pgledger)
 *   BENCH_PROCESSES=2 npm run bench:orders  # app processes of the supplementary multi-process table
 *   BENCH_HOLDERS=100000 npm run bench:orders # that many members already hold each bought unit type
 *
 * Each figure gets a fresh, migrated database, and WARMUP_SECONDS of buys before its measured window that
 * are not counted: without them the first figure of the process paid for compiling the hot path (the first
 * round's ratio ran 24–26% where the next rounds' ran 32–35%). pgbench, a C program, needs none.
 *
 * A client is one fiber creating buys of 1 Unit (bank payment) back to back, each a full order command: its
 * checks, ledger transfers, order row and idempotency record, committed with the other buys of its batch. Capacity is set high
 * enough that no buy is refused.
 *
 * Each client count runs BENCH_ROUNDS rounds, each pgbench then our two server figures, back to back: a
 * spell in which the host runs slower or faster weighs on the figures of its round alike. A ratio is ours
 * over its own round's pgbench; the table gives the median of each figure and of each ratio, and every
 * round's ratio for the main figure, so the spread is in plain sight.
 *
 * With BENCH_BUY_SQL=1, beside each of our server figures, a single buy's own SQL as a pgbench custom script
 * (BuySql.ts) on a database migrated like ours (issue 22).
 *
 * Two workloads, each figure beside its round's pgbench figure:
 * - **four unit types** (the main figure): client i buys UnitTypes[i % 4], as members buying EUR, USD, AUD
 *   and GBP Units do. pgbench's simple-update spreads its writes over 100,000 accounts at random; spreading
 *   the buys over every unit type there is is the like-for-like reading.
 * - **one unit type** (the worst case): every client buys LAND_USD. Buys of one unit type take one lock and
 *   update one issuance balance, so they commit one at a time (docs/ledger.md §8).
 *
 * The main table is what issue 4 names: one app process. A supplementary table splits the same clients over
 * BENCH_PROCESSES app processes (default 2) on one database, measured over the same window, beside the
 * median pgbench figure.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { PgClient } from "@effect/sql-pg"
import {
  type BuyBatchBounds,
  BuyBatchObserver,
  BuyBatchSettings,
  DEFAULT_BUY_BATCH_BOUNDS,
} from "@landunits/core/orders/BuyBatchSettings.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { type UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Clock, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { layerEmbedded, layerServer } from "../adapters/src/postgres/Database.ts"
import { EMBEDDED_MAX_CONNECTIONS, serveEmbedded } from "../adapters/src/postgres/EmbeddedPostgres.ts"
import { layerMigrated } from "../adapters/src/postgres/Migrations.ts"
import {
  LOAD_UNIT_TYPE,
  loadEngineOn,
  loadMembers,
  loadPriceBook,
} from "../adapters/test/postgres/load/LoadSetup.ts"

import { buyScript, buyScriptSetup } from "./BuySql.ts"
import {
  dropPgbench,
  initPgbench,
  runPeerLedger,
  runPgbench,
  runPgbenchEmbedded,
  runPgbenchScript,
} from "./Pgbench.ts"

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** Buys made before each figure's measured window and not counted (the hot path compiled, statements prepared). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
/** Rounds of pgbench and our two server figures, alternated, per client count (the table gives medians). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? "8,64").split(",").map(Number)
/** "server" measures only the PostgreSQL server figure (no PGlite, no pgbench): for profiling. */
const ONLY_SERVER = process.env.BENCH_ONLY === "server"
/**
 * A peer ledger's SQL (pgledger's, supplied by the reader, not committed): when set, its transfers per second in
 * pgbench are measured once per client count, beside ours (issue 22).
 */
const PEER_SQL = process.env.BENCH_PEER_SQL?.trim() || undefined
/** "buysql" measures only the buy's own SQL in pgbench (BuySql.ts) on the server. */
const ONLY_BUY_SQL = process.env.BENCH_ONLY === "buysql"
const SERVER = process.env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/test"
const SERVER_POOL = 32

/** The unit types the clients buy: all four (the main figure), or one (the worst case). */
type Workload = ReadonlyArray<UnitType>
const FOUR_UNIT_TYPES: Workload = UnitTypes
const ONE_UNIT_TYPE: Workload = [LOAD_UNIT_TYPE]
/** The workload of a BENCH_ONLY=server figure: four unit types, or one with BENCH_UNIT_TYPES=one. */
const ONLY_WORKLOAD = process.env.BENCH_UNIT_TYPES === "one" ? ONE_UNIT_TYPE : FOUR_UNIT_TYPES
/**
 * The command of a BENCH_ONLY=server figure: new buys (committed in batches), or with BENCH_COMMAND=transfer, sell or
 * convert, 1 Unit transferred to the next member, sold, or converted into the next unit type (one a transaction,
 * each under its unit types' locks).
 */
const ONLY_COMMAND =
  (["transfer", "sell", "convert"] as const).find((c) => c === process.env.BENCH_COMMAND) ?? "buy"

/** Units each load member owns of each unit type before a transfer, sell or convert figure (30 members: within capacity). */
const TRANSFER_STOCK = 100_000

/** App processes sharing the server for the supplementary figure (the main table is one process). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2)

/**
 * Members who already hold each bought unit type before the clients start (default none): a production
 * ledger has a balance row per member, and a buy's capacity read must not grow with them.
 */
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 0)

/** HOLDERS members owning 1 Unit of each bought unit type, issued from the platform (the ledger balances). */
const seedHolders = Effect.fnUntraced(function* (workload: Workload) {
  if (HOLDERS === 0) return
  const sql = yield* SqlClient.SqlClient
  for (const unitType of workload) {
    yield* sql`
      INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
      SELECT ${unitType}, 'member:holder_' || i || ':owned', 'holder_' || i, 'owned', 1
      FROM generate_series(1, ${HOLDERS}::integer) AS i`
    yield* sql`
      INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
      VALUES (${unitType}, 'platform:issuance', NULL, 'issuance', ${-HOLDERS})
      ON CONFLICT (unit_type, account_key) DO UPDATE SET units = ledger_balances.units + EXCLUDED.units`
  }
  yield* sql`ANALYZE ledger_balances`
})

/** Every load member owning TRANSFER_STOCK Units of each unit type of `workload`, issued from the platform (a transfer's, sell's or convert's figure). */
const seedOwners = Effect.fnUntraced(function* (workload: Workload) {
  const sql = yield* SqlClient.SqlClient
  const members = loadMembers()
  for (const unitType of workload) {
    for (const memberId of members) {
      yield* sql`
        INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
        VALUES (${unitType}, ${`member:${memberId}:owned`}, ${memberId}, 'owned', ${TRANSFER_STOCK})`
    }
    yield* sql`
      INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
      VALUES (${unitType}, 'platform:issuance', NULL, 'issuance', ${-TRANSFER_STOCK * members.length})
      ON CONFLICT (unit_type, account_key) DO UPDATE SET units = ledger_balances.units + EXCLUDED.units`
  }
})

/**
 * `clients` fibers creating buys (or, for a BENCH_COMMAND=transfer figure, transfers of 1 Unit to the next member)
 * back to back until `deadline` (epoch ms); answers how many committed.
 * `prefix` keeps the idempotency keys of processes and phases apart.
 */
const runClients = (workload: Workload, clients: number, prefix: string, deadline: number) =>
  Effect.gen(function* () {
    const orders = yield* OrderService
    const members = loadMembers()
    let committed = 0
    yield* Effect.forEach(
      Array.from({ length: clients }, (_, i) => i),
      (client) =>
        Effect.gen(function* () {
          let n = 0
          while ((yield* Clock.currentTimeMillis) < deadline) {
            if (ONLY_SERVER && ONLY_COMMAND !== "buy") {
              const from = (client + n) % members.length
              const memberId = members[from]!
              const idempotencyKey = IdempotencyKey.make(`${prefix}-${clients}-${client}-${n++}`)
              const unitType = workload[client % workload.length]!
              if (ONLY_COMMAND === "transfer")
                yield* orders.createTransfer({
                  memberId,
                  idempotencyKey,
                  unitType,
                  numberOfUnits: 1,
                  recipientEmail: `${members[(from + 1) % members.length]!}@example.com`,
                })
              else if (ONLY_COMMAND === "sell")
                // More than a sale's fee in Units (spec §5: a sale must exceed it).
                yield* orders.createSell({ memberId, idempotencyKey, unitType, numberOfUnits: 20 })
              else
                yield* orders.createConvert({
                  memberId,
                  idempotencyKey,
                  fromUnitType: unitType,
                  toUnitType: UnitTypes[(UnitTypes.indexOf(unitType) + 1) % UnitTypes.length]!,
                  numberOfUnits: 1,
                })
              committed += 1
              continue
            }
            yield* orders.createBuy({
              confirmsBusinessPurpose: true,
              memberId: members[(client + n) % members.length]!,
              idempotencyKey: IdempotencyKey.make(`${prefix}-${clients}-${client}-${n++}`),
              unitType: workload[client % workload.length]!,
              numberOfUnits: 1,
              paymentMethod: "bank",
              isDoubleLand: false,
            })
            committed += 1
          }
        }),
      { concurrency: "unbounded", discard: true },
    )
    return committed
  })

/**
 * The batches' bounds on a database, as the app reads them: BUY_BATCH_MAX and BUY_BATCH_WAIT_MS, else core's
 * defaults; on the embedded database (one connection) a batch across unit types and one batch in flight. To compare:
 * BENCH_ACROSS_UNIT_TYPES=1 (across unit types on the server too), BENCH_BATCHES_IN_FLIGHT, BENCH_BATCH_SPLIT_AT
 * (docs/benchmarks.md, "Buys in batches", has the figures that set the app's choices).
 */
const batchBounds = (database: "server" | "embedded"): BuyBatchBounds => ({
  maxBuys: Number(process.env.BUY_BATCH_MAX ?? DEFAULT_BUY_BATCH_BOUNDS.maxBuys),
  maxWaitMs: Number(process.env.BUY_BATCH_WAIT_MS ?? DEFAULT_BUY_BATCH_BOUNDS.maxWaitMs),
  acrossUnitTypes: database === "embedded" || process.env.BENCH_ACROSS_UNIT_TYPES === "1",
  inFlight: Number(
    process.env.BENCH_BATCHES_IN_FLIGHT ?? (database === "embedded" ? 1 : DEFAULT_BUY_BATCH_BOUNDS.inFlight),
  ),
  splitAt: Number(process.env.BENCH_BATCH_SPLIT_AT ?? DEFAULT_BUY_BATCH_BOUNDS.splitAt),
})

/** The size of every batch of buys committed in this process (BuyBatches.ts), per figure: cleared when its measured window starts. */
const batchSizes: Array<number> = []

/** "median m, p99 n" of the batch sizes recorded since the last clear. */
const batchSizesSeen = () => {
  const sorted = [...batchSizes].sort((a, b) => a - b)
  if (sorted.length === 0) return "no batch"
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return `batches median ${at(0.5)}, p99 ${at(0.99)}`
}

/**
 * Warms up for WARMUP_SECONDS (not counted: the JIT compiles the hot path, each connection prepares its
 * statements), then runs `clients` fibers creating buys for SECONDS (from `startAt` when given, so several
 * processes measure the same window); answers buys committed per second.
 */
const buysPerSecond = (workload: Workload, clients: number, prefix = "bench", startAt?: number) =>
  Effect.gen(function* () {
    // The main table's figures only: the workers of the supplementary table share a database.
    if (prefix === "bench") yield* seedHolders(workload)
    if (prefix === "bench" && ONLY_SERVER && ONLY_COMMAND !== "buy") yield* seedOwners(workload)
    const warmupStarted = yield* Clock.currentTimeMillis
    yield* runClients(workload, clients, `${prefix}-warmup`, warmupStarted + WARMUP_SECONDS * 1000)
    if (startAt !== undefined) yield* Effect.sleep(Math.max(0, startAt - Date.now()))
    batchSizes.splice(0)
    const started = yield* Clock.currentTimeMillis
    const cpuBefore = process.cpuUsage()
    const committed = yield* runClients(workload, clients, prefix, started + SECONDS * 1000)
    const elapsed = (yield* Clock.currentTimeMillis) - started
    const cpu = process.cpuUsage(cpuBefore)
    if (ONLY_SERVER) {
      // This process's CPU (user + system) per committed buy: what one app process can sustain at most.
      console.log(
        `  ${clients} clients: ${((cpu.user + cpu.system) / 1000 / committed).toFixed(3)} ms of CPU a buy`,
      )
    }
    return committed / (elapsed / 1000)
  })

const onDatabase = <E>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E>,
  kind: "server" | "embedded",
  workload: Workload,
  clients: number,
  prefix?: string,
  startAt?: number,
) =>
  Effect.runPromise(
    buysPerSecond(workload, clients, prefix, startAt).pipe(
      Effect.provide(
        loadEngineOn(
          Layer.provideMerge(layerMigrated, database),
          loadPriceBook(10_000_000 + HOLDERS, workload),
        ),
      ),
      Effect.scoped,
      Effect.provideService(BuyBatchObserver, (sizes) =>
        Effect.sync(() => void batchSizes.push([...sizes.values()].reduce((a, b) => a + b, 0))),
      ),
      Effect.provideService(BuyBatchSettings, batchBounds(kind)),
      Effect.map((rate) => ({ rate, batches: batchSizesSeen() })),
    ),
  )

const serverFigure = (workload: Workload, clients: number) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const url = yield* scopedServerDatabase(SERVER)
        return yield* Effect.promise(() =>
          onDatabase(
            layerServer(url, Math.min(Math.max(clients, 1), SERVER_POOL)),
            "server",
            workload,
            clients,
          ),
        )
      }),
    ),
  )

/**
 * A buy's own SQL as a pgbench script (BuySql.ts) on a fresh database migrated like ours, with the workload's
 * unit types and `clients` connections: the ceiling of what the schema allows (issue 22, goal 3).
 */
const buySqlFigure = (workload: Workload, clients: number) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const url = yield* scopedServerDatabase(SERVER)
        yield* Effect.provide(Effect.void, layerMigrated.pipe(Layer.provide(layerServer(url, 1))))
        const database = new URL(url).pathname.slice(1)
        return runPgbenchScript(
          url,
          database,
          buyScript(workload),
          buyScriptSetup(workload),
          clients,
          SECONDS,
        ).tps
      }),
    ),
  )

const embeddedFigure = async (workload: Workload, clients: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-"))
  try {
    return await onDatabase(layerEmbedded(dir), "embedded", workload, clients)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * pgbench's simple-update on an embedded database of its own (PGlite served on its socket, as the app's),
 * with `clients` connections: the ceiling of the embedded figure, on the same kind of server.
 */
const embeddedCeiling = async (clients: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-pgbench-"))
  try {
    return await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const served = yield* serveEmbedded(dir, Math.max(clients, EMBEDDED_MAX_CONNECTIONS))
          const target = {
            socketDir: path.dirname(served.socketPath),
            username: served.username,
            database: served.database,
          }
          return yield* Effect.promise(() => runPgbenchEmbedded(target, clients, SECONDS))
        }),
      ),
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The same number of clients split over PROCESSES app processes (this script, run as a worker) sharing one
 * fresh database and measuring the same window; answers the sum of their rates.
 */
const multiProcessFigure = (workload: Workload, clients: number) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const url = yield* scopedServerDatabase(SERVER)
        yield* Effect.provide(Effect.void, layerMigrated.pipe(Layer.provide(layerServer(url, 1))))
        // After every worker's start and warm-up.
        const startAt = Date.now() + 5_000 + WARMUP_SECONDS * 1000
        const shares = Array.from(
          { length: PROCESSES },
          (_, p) => Math.floor(clients / PROCESSES) + (p < clients % PROCESSES ? 1 : 0),
        ).filter((n) => n > 0)
        const rates = yield* Effect.promise(() =>
          Promise.all(
            shares.map(
              (share, p) =>
                new Promise<number>((resolve, reject) => {
                  const child = spawn(process.execPath, [process.argv[1]!], {
                    env: {
                      ...process.env,
                      BENCH_WORKER: JSON.stringify({
                        url,
                        workload,
                        clients: share,
                        prefix: `p${p}`,
                        startAt,
                      }),
                    },
                    stdio: ["ignore", "pipe", "inherit"],
                  })
                  let out = ""
                  child.stdout.on("data", (chunk) => {
                    out += String(chunk)
                  })
                  child.on("close", (code) =>
                    code === 0
                      ? resolve(Number(out.trim().split("\n").at(-1)))
                      : reject(new Error(`worker ${p}: ${code}`)),
                  )
                }),
            ),
          ),
        )
        return rates.reduce((a, b) => a + b, 0)
      }),
    ),
  )

const worker = process.env.BENCH_WORKER
if (worker !== undefined) {
  const { url, workload, clients, prefix, startAt } = JSON.parse(worker) as {
    url: string
    workload: Workload
    clients: number
    prefix: string
    startAt: number
  }
  console.log(
    (
      await onDatabase(
        layerServer(url, Math.min(Math.max(clients, 1), SERVER_POOL)),
        "server",
        workload,
        clients,
        prefix,
        startAt,
      )
    ).rate,
  )
  process.exit(0)
}

if (ONLY_BUY_SQL) {
  for (const clients of CLIENT_COUNTS) {
    console.log(
      `| ${clients} | ${(await buySqlFigure(ONLY_WORKLOAD, Math.min(clients, SERVER_POOL))).toFixed(0)} |`,
    )
  }
  process.exit(0)
}
const rows: Array<string> = []
const sqlRows: Array<string> = []
const peerRows: Array<string> = []
const multiRows: Array<string> = []
const embeddedRows: Array<string> = []
const pgbenchDb = `landunits_pgbench_${process.pid}`
if (ONLY_SERVER) {
  for (const clients of CLIENT_COUNTS) {
    const figure = await serverFigure(ONLY_WORKLOAD, clients)
    console.log(`| ${clients} | ${figure.rate.toFixed(0)} | ${figure.batches} |`)
  }
  process.exit(0)
}
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`
const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
/** A single buy's SQL in pgbench beside each round (BuySql.ts, issue 22's goal 3): BENCH_BUY_SQL=1. */
const WITH_BUY_SQL = process.env.BENCH_BUY_SQL === "1"
const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)}×`
initPgbench(SERVER, pgbenchDb)
try {
  for (const clients of CLIENT_COUNTS) {
    type Round = {
      ceiling: number
      four: { rate: number; batches: string }
      one: { rate: number; batches: string }
      sqlFour?: number
      sqlOne?: number
    }
    const rounds: Array<Round> = []
    for (let round = 1; round <= ROUNDS; round++) {
      const ceiling = runPgbench(SERVER, pgbenchDb, clients, SECONDS).tps
      const four = await serverFigure(FOUR_UNIT_TYPES, clients)
      const one = await serverFigure(ONE_UNIT_TYPE, clients)
      const pool = Math.min(clients, SERVER_POOL)
      const sql = WITH_BUY_SQL
        ? {
            sqlFour: await buySqlFigure(FOUR_UNIT_TYPES, pool),
            sqlOne: await buySqlFigure(ONE_UNIT_TYPE, pool),
          }
        : {}
      rounds.push({ ceiling, four, one, ...sql })
      console.log(
        `  ${clients} clients, round ${round}: pgbench ${ceiling.toFixed(0)}, four unit types ${four.rate.toFixed(0)} (${percent(four.rate / ceiling)}; ${four.batches}), one unit type ${one.rate.toFixed(0)} (${percent(one.rate / ceiling)}; ${one.batches})`,
      )
    }
    const ceiling = median(rounds.map((r) => r.ceiling))
    const four = median(rounds.map((r) => r.four.rate))
    const one = median(rounds.map((r) => r.one.rate))
    if (PEER_SQL !== undefined) {
      const peer = runPeerLedger(SERVER, `${pgbenchDb}_peer`, PEER_SQL, clients, SECONDS).tps
      peerRows.push(
        `| ${clients} | ${peer.toFixed(0)} | ${percent(peer / ceiling)} | ${ratio(four, peer)} | ${ratio(one, peer)} |`,
      )
      console.log(peerRows.at(-1))
    }
    const embeddedFour = await embeddedFigure(FOUR_UNIT_TYPES, clients)
    const embeddedOne = await embeddedFigure(ONE_UNIT_TYPE, clients)
    const embeddedPgbench = (await embeddedCeiling(clients)).tps
    const each = (pick: (r: Round) => number) => rounds.map((r) => percent(pick(r) / r.ceiling)).join(" ")
    const middle = (pick: (r: Round) => string) => pick(rounds[Math.floor(rounds.length / 2)]!)
    if (WITH_BUY_SQL) {
      sqlRows.push(
        `| ${clients} | ${median(rounds.map((r) => r.sqlFour!)).toFixed(0)} | ${percent(median(rounds.map((r) => r.four.rate / r.sqlFour!)))} | ${median(rounds.map((r) => r.sqlOne!)).toFixed(0)} | ${percent(median(rounds.map((r) => r.one.rate / r.sqlOne!)))} |`,
      )
    }
    rows.push(
      `| ${clients} | ${four.toFixed(0)} | ${percent(median(rounds.map((r) => r.four.rate / r.ceiling)))} | ${each((r) => r.four.rate)} | ${middle((r) => r.four.batches)} | ${one.toFixed(0)} | ${percent(median(rounds.map((r) => r.one.rate / r.ceiling)))} | ${each((r) => r.one.rate)} | ${middle((r) => r.one.batches)} | ${ceiling.toFixed(0)} |`,
    )
    embeddedRows.push(
      `| ${clients} | ${embeddedFour.rate.toFixed(0)} | ${percent(embeddedFour.rate / embeddedPgbench)} | ${embeddedFour.batches} | ${embeddedOne.rate.toFixed(0)} | ${percent(embeddedOne.rate / embeddedPgbench)} | ${embeddedOne.batches} | ${embeddedPgbench.toFixed(0)} |`,
    )
    console.log(rows.at(-1))
    console.log(embeddedRows.at(-1))
    if (clients >= PROCESSES && PROCESSES > 1) {
      const multi = await multiProcessFigure(ONE_UNIT_TYPE, clients)
      multiRows.push(
        `| ${clients} | ${PROCESSES} | ${multi.toFixed(0)} | ${ceiling.toFixed(0)} | ${percent(multi / ceiling)} |`,
      )
      console.log(multiRows.at(-1))
    }
  }
} finally {
  dropPgbench(SERVER, pgbenchDb)
}
console.log(
  [
    "",
    `Buy orders committed per second (${SECONDS} s per figure, medians of ${ROUNDS} rounds, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}); batches: the buys a batch took in the middle round's measured window (median, p99)`,
    "",
    "| clients | four unit types, PostgreSQL server | ours / pgbench | each round | batches | one unit type | ours / pgbench | each round | batches | pgbench simple-update |",
    "|---:|---:|---:|---:|---|---:|---:|---:|---|---:|",
    ...rows,
    "",
    "The embedded database (PGlite), beside pgbench's simple-update on an embedded database of its own",
    "",
    "| clients | four unit types | ours / pgbench | batches | one unit type | ours / pgbench | batches | pgbench simple-update, embedded |",
    "|---:|---:|---:|---|---:|---:|---|---:|",
    ...embeddedRows,
    ...(WITH_BUY_SQL
      ? [
          "",
          "A single buy's SQL as a pgbench script (bench/BuySql.ts) on a database migrated like ours, ours as a share of it (medians of the rounds)",
          "",
          "| clients | four unit types, buy SQL in pgbench | ours / it | one unit type, buy SQL in pgbench | ours / it |",
          "|---:|---:|---:|---:|---:|",
          ...sqlRows,
        ]
      : []),
    ...(PEER_SQL === undefined
      ? []
      : [
          "",
          `A peer ledger in pure PostgreSQL: ${path.basename(PEER_SQL)}'s pgledger_create_transfer in pgbench, one transfer a transaction between two of 10,000 accounts`,
          "",
          "| clients | transfers/s | of pgbench simple-update | our four-unit-type buys / its transfers | our one-unit-type buys / its transfers |",
          "|---:|---:|---:|---:|---:|",
          ...peerRows,
        ]),
    "",
    "Supplementary: one unit type, the same clients split over several app processes sharing the server (same window)",
    "",
    "| clients | app processes | PostgreSQL server | pgbench simple-update | ours / pgbench |",
    "|---:|---:|---:|---:|---:|",
    ...multiRows,
  ].join("\n"),
)
