/**
 * `landunits ledger verify` against a ledger tampered with as a superuser would (issue 21): the tables changed
 * directly with their triggers off (`SET LOCAL session_replication_role = replica`). Each way (an amount changed,
 * a row deleted, a row inserted, two rows' order swapped, an audit entry changed) makes the command fail naming
 * the row and how; undone, it passes again. On the embedded database, and on the PostgreSQL server when
 * DATABASE_URL names one (CI's run). Half the LAND_USD chain is written as new buys write it (BuyJournal: the
 * links computed by the database's `record_buys`), the rest by the ledger's appends (links computed by the app).
 * Each chain holds both encodings (migration 2890): its first rows as a process of the previous version writes them
 * during a rolling release (v1, members by id), the rest as this version does (v2, members by pseudonym).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { recordJson } from "@landunits/adapters/postgres/OrderRepositoryPg.ts"
import { ORDER_COMMAND_LOCK, unitTypeLockKey } from "@landunits/adapters/postgres/UnitOfWorkPg.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { accountKey } from "@landunits/core/ledger/Ledger.ts"
import { member, platform, type Transfer } from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import {
  CHAIN_GENESIS,
  canonicalOfStored,
  canonicalTransfer,
  chainHash,
  TRANSFER_ENCODING_V1,
  TRANSFER_ENCODING_V2,
} from "@landunits/core/ledger/TransferChain.ts"
import { BuyJournal } from "@landunits/core/orders/ports/BuyJournal.ts"
import { UnitOfWork } from "@landunits/core/orders/ports/UnitOfWork.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { IdempotencyKey, MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { aBuy } from "@landunits/core/test-support/OrderStoresContract.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startWorker } from "../../adapters/test/postgres/load/LoadRun.ts"
import { type AppRuntime, type CommandRunner, makeRuntime } from "../src/Admin.ts"
import { buildProgram } from "../src/Program.ts"
import { freshServerDatabase } from "./support/ServerAndCli.ts"

const ADMIN = "chain-admin@landunits.example"
const ADMIN_ID = MemberId.make("mem_chain_admin")
const HOLDER = MemberId.make("mem_chain_holder")

interface Target {
  readonly name: string
  readonly open: () => Promise<{ runtime: AppRuntime; close: () => Promise<void> }>
}

const serverUrl = process.env.DATABASE_URL?.trim()

const TARGETS: ReadonlyArray<Target> = [
  {
    name: "embedded",
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-chain-"))
      const runtime = makeRuntime(layerEmbedded(dir))
      return {
        runtime,
        close: async () => {
          await runtime.dispose()
          fs.rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  },
  ...(serverUrl === undefined || serverUrl === ""
    ? []
    : [
        {
          name: "PostgreSQL server",
          open: async () => {
            const database = await freshServerDatabase(serverUrl)
            const runtime = makeRuntime(layerServer(database.url))
            return {
              runtime,
              close: async () => {
                await runtime.dispose()
                await database.drop()
              },
            }
          },
        },
      ]),
]

/** The previous version's fields of a transfer of `t` from the platform's issuance to the holder: v1, by id. */
const previousVersionRow = (t: Transfer) => ({
  transfer_id: t.transferId,
  order_id: t.orderId,
  unit_type: t.unitType,
  from_key: accountKey(t.from),
  from_member: null,
  to_key: accountKey(t.to),
  to_member: HOLDER,
  units: t.units,
  at: t.at,
})

const previousVersionBalances = (t: Transfer): [Record<string, unknown>, Record<string, unknown>] => [
  {
    unit_type: t.unitType,
    account_key: "platform:issuance",
    member_id: null,
    bucket: "issuance",
    units: -t.units,
  },
  {
    unit_type: t.unitType,
    account_key: accountKey(t.to),
    member_id: HOLDER,
    bucket: "owned",
    units: t.units,
  },
]

const v1Canonical = (t: Transfer) =>
  canonicalTransfer(TRANSFER_ENCODING_V1, { ...t, fromKey: accountKey(t.from), toKey: accountKey(t.to) })

/**
 * An append as a process of the previous version makes it during a rolling release (its LedgerStorePg): the row
 * without migration 2890's columns, its link over the v1 encoding from the head it locked, the balances, the head.
 */
const appendAsPreviousVersion = (t: Transfer) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.withTransaction(
      Effect.gen(function* () {
        const heads = yield* sql<{ length: string; head: string }>`
          SELECT length, head FROM ledger_chain_heads WHERE chain = ${t.unitType} FOR UPDATE`
        const length = Number(heads[0]?.length ?? 0)
        const before = heads[0]?.head ?? CHAIN_GENESIS
        const hash = chainHash(before, v1Canonical(t))
        yield* sql`INSERT INTO ledger_transfers ${sql.insert({ ...previousVersionRow(t), chain_index: length + 1, prev_hash: before, hash })}`
        yield* sql`
          INSERT INTO ledger_balances ${sql.insert(previousVersionBalances(t))}
          ON CONFLICT (unit_type, account_key) DO UPDATE SET units = ledger_balances.units + EXCLUDED.units`
        yield* sql`
          INSERT INTO ledger_chain_heads (chain, length, head, prev) VALUES (${t.unitType}, ${length + 1}, ${hash}, ${before})
          ON CONFLICT (chain) DO UPDATE SET length = EXCLUDED.length, head = EXCLUDED.head, prev = EXCLUDED.prev`
      }),
    )
  })

/** A new buy as a process of the previous version records it: `record_buy` with its transfers' v1 encodings and no encoding fields. */
const buyAsPreviousVersion = (t: Transfer, i: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const bought = aBuy(t.orderId)
    const order = {
      ...bought,
      memberId: HOLDER,
      currencyUnit: { ...bought.currencyUnit, unitType: t.unitType },
    }
    const transfers = [{ ...previousVersionRow(t), canonical: v1Canonical(t) }]
    yield* sql.withTransaction(
      sql`SELECT sequence FROM record_buy(
        ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(t.unitType)}, ${t.unitType},
        ${`member:${HOLDER}`}, ${`chain-previous-${i}`}, ${`hash-previous-${i}`},
        ${JSON.stringify(transfers)}::jsonb, ${JSON.stringify(previousVersionBalances(t))}::jsonb,
        ${order.orderId}, ${order.memberId}, ${order.orderType}, ${order.orderStatus},
        ${order.currencyUnit.isDoubleLand}, ${order.createdAt}, ${recordJson(order)}::jsonb)`,
    )
  })

/**
 * Issues Units to the holder in two unit types, a transfer at a time, and writes a few audit entries. The first
 * transfer of each unit type (and the second LAND_EUR one) as the previous version writes them (v1), the rest as
 * this one does (v2).
 */
const history = Effect.gen(function* () {
  yield* (yield* AccountRepository).insert({
    memberId: ADMIN_ID,
    email: ADMIN,
    firstName: "Chain",
    lastName: "Admin",
    userType: "USER",
    role: "admin",
    passwordHash: "x",
    emailConfirmedAt: 1,
    firstLogin: false,
    createdAt: 1,
  })
  const ledger = yield* LedgerStore
  const uow = yield* UnitOfWork
  const buys = yield* BuyJournal
  for (let i = 1; i <= 6; i++) {
    for (const unitType of ["LAND_USD", "LAND_EUR"] as const satisfies ReadonlyArray<UnitType>) {
      const transfer = {
        transferId: TransferId.make(`trf_${unitType}_${i}`),
        unitType,
        from: platform("issuance"),
        to: member(HOLDER, "owned"),
        units: 10 * i,
        orderId: OrderId.make(`ord_chain_${i}`),
        at: 1_700_000_000_000 + i,
      }
      if (unitType === "LAND_USD" && i === 1) yield* buyAsPreviousVersion(transfer, i)
      else if (unitType === "LAND_EUR" && i <= 2) yield* appendAsPreviousVersion(transfer)
      else if (unitType === "LAND_USD" && i % 2 === 1) {
        // As a batch of new buys: its order and key with it, its link computed by the database (record_buys).
        const order = aBuy(`ord_chain_${i}`)
        yield* uow.transaction(
          buys.recordBuys(unitType, [
            {
              unitType,
              order: { ...order, memberId: HOLDER, currencyUnit: { ...order.currencyUnit, unitType } },
              transfers: [transfer],
              key: {
                scope: `member:${HOLDER}`,
                idempotencyKey: IdempotencyKey.make(`chain-${i}`),
                requestHash: `hash-${i}`,
              },
            },
          ]),
        )
      } else yield* ledger.append([transfer])
    }
    yield* (yield* AuditLog).append({
      actor: ADMIN_ID,
      action: "orders.confirmPayment",
      subject: `order:ord_chain_${i}`,
      details: { note: `entry ${i}`, "a|b": "pipes | in details" },
      at: 1_700_000_000_000 + i,
    })
  }
})

/** The CLI in this process as the admin, on `runner`: what it printed and its exit code. */
const runAsAdmin = async (runner: CommandRunner, args: ReadonlyArray<string>) => {
  const out: Array<string> = []
  const err: Array<string> = []
  let code = 0
  const io = {
    out: (t: string) => void out.push(t),
    err: (t: string) => void err.push(t),
    exitCode: (c: number) => {
      code = c
    },
  }
  await buildProgram(async () => runner, { io }).parseAsync(["--as", ADMIN, ...args], { from: "user" })
  return { out: out.join("\n"), err: err.join("\n"), code }
}

describe.each(TARGETS)("ledger verify on the $name database", (target) => {
  let runtime: AppRuntime
  let close: () => Promise<void> = async () => {}

  beforeAll(async () => {
    ;({ runtime, close } = await target.open())
    await runtime.runPromise(history)
  }, 120_000)

  afterAll(() => close())

  const landunits = (...args: ReadonlyArray<string>) => runAsAdmin(runtime, args)
  const verify = () => landunits("ledger", "verify")

  /** Statements run as a superuser would, with every trigger off, in one transaction. */
  const asSuperuser = (...statements: ReadonlyArray<string>) =>
    runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.withTransaction(
          Effect.gen(function* () {
            yield* sql.unsafe("SET LOCAL session_replication_role = replica")
            for (const statement of statements) yield* sql.unsafe(statement)
          }),
        )
      }),
    )

  const seqOf = async (transferId: string) =>
    runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{
          seq: string
        }>`SELECT seq FROM ledger_transfers WHERE transfer_id = ${transferId}`
        return Number(rows[0]?.seq)
      }),
    )

  it("untouched, every chain, head and balance verifies", async () => {
    const result = await verify()
    expect(result.err).toBe("")
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^The ledger verifies: 12 transfer\(s\) and 6 audit entries in 3 chain\(s\)/)
    expect(result.out).toMatch(/LAND_USD: 6 at [0-9a-f]{64}/)
    expect(result.out).toMatch(/audit: 6 at [0-9a-f]{64}/)
  })

  it("the chains hold both encodings: the previous version's rows v1, without blinds; this version's v2, a blind per member account", async () => {
    const rows = await runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{
          transfer_id: string
          encoding: number
          from_blind: string | null
          to_blind: string | null
        }>`
          SELECT transfer_id, encoding, from_blind, to_blind FROM ledger_transfers ORDER BY seq`
      }),
    )
    const v1 = ["trf_LAND_USD_1", "trf_LAND_EUR_1", "trf_LAND_EUR_2"]
    expect(rows).toHaveLength(12)
    for (const row of rows) {
      if (v1.includes(row.transfer_id))
        expect([row.encoding, row.from_blind, row.to_blind]).toEqual([1, null, null])
      else {
        expect([row.encoding, row.from_blind]).toEqual([2, null])
        expect(row.to_blind).toMatch(/^[0-9a-f]{64}$/)
      }
    }
  })

  it.each([
    [
      "a v2 row's member id changed",
      "trf_LAND_USD_3",
      "to_key = 'member:mem_chain_other:owned', to_member = 'mem_chain_other'",
    ],
    ["a v2 row's blind changed", "trf_LAND_EUR_4", `to_blind = '${"ab".repeat(32)}'`],
    ["a v2 row said to be v1", "trf_LAND_USD_4", "encoding = 1, to_blind = NULL"],
    [
      "a v1 row's member id changed",
      "trf_LAND_EUR_2",
      "to_key = 'member:mem_chain_other:owned', to_member = 'mem_chain_other'",
    ],
    ["a v1 row said to be v2", "trf_LAND_USD_1", `encoding = 2, to_blind = '${"ab".repeat(32)}'`],
  ])("%s: edited, naming the transfer", async (_, transferId, change) => {
    const chain = transferId.slice("trf_".length, transferId.lastIndexOf("_"))
    await asSuperuser(
      `CREATE TABLE transfer_before AS SELECT * FROM ledger_transfers WHERE transfer_id = '${transferId}'`,
      `UPDATE ledger_transfers SET ${change} WHERE transfer_id = '${transferId}'`,
    )
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      `Refused: the ledger does not verify: edited: transfer ${transferId} (${chain} chain): its fields no longer give its hash (changed after it was written)`,
    )
    await asSuperuser(
      `DELETE FROM ledger_transfers WHERE transfer_id = '${transferId}'`,
      "INSERT INTO ledger_transfers SELECT * FROM transfer_before",
      "DROP TABLE transfer_before",
    )
    expect((await verify()).code).toBe(0)
  })

  it("a v2 row's blind made unusable and its hash and head recomputed the writer's way: edited all the same", async () => {
    const row = await runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{
          order_id: string
          from_key: string
          to_key: string
          at: string
          units: number
          prev_hash: string
          hash: string
        }>`
          SELECT order_id, from_key, to_key, at, units, prev_hash, hash FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'`
        return rows[0]!
      }),
    )
    // Over the stand-in key an unusable blind gives ("member:no-blind:owned"), as a writer with the code could.
    const forged = chainHash(
      row.prev_hash,
      canonicalOfStored({
        transferId: "trf_LAND_EUR_6",
        orderId: row.order_id,
        unitType: "LAND_EUR",
        fromKey: row.from_key,
        toKey: row.to_key,
        units: row.units,
        at: Number(row.at),
        encoding: TRANSFER_ENCODING_V2,
        fromBlind: null,
        toBlind: "x",
      }),
    )
    await asSuperuser(
      `CREATE TABLE transfer_before AS SELECT * FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'`,
      `UPDATE ledger_transfers SET to_blind = 'x', hash = '${forged}' WHERE transfer_id = 'trf_LAND_EUR_6'`,
      `UPDATE ledger_chain_heads SET head = '${forged}' WHERE chain = 'LAND_EUR'`,
    )
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      "Refused: the ledger does not verify: edited: transfer trf_LAND_EUR_6 (LAND_EUR chain): its to account is a member's without a blind of 64 hex digits, which v2 needs",
    )
    await asSuperuser(
      "DELETE FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'",
      "INSERT INTO ledger_transfers SELECT * FROM transfer_before",
      "DROP TABLE transfer_before",
      `UPDATE ledger_chain_heads SET head = '${row.hash}' WHERE chain = 'LAND_EUR'`,
    )
    expect((await verify()).code).toBe(0)
  })

  it("an amount changed: edited, naming the transfer", async () => {
    await asSuperuser("UPDATE ledger_transfers SET units = units + 1 WHERE transfer_id = 'trf_LAND_USD_3'")
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      "Refused: the ledger does not verify: edited: transfer trf_LAND_USD_3 (LAND_USD chain): its fields no longer give its hash (changed after it was written)",
    )
    await asSuperuser("UPDATE ledger_transfers SET units = units - 1 WHERE transfer_id = 'trf_LAND_USD_3'")
    expect((await verify()).code).toBe(0)
  })

  it("a row deleted: missing, naming the row after the gap", async () => {
    const seq = await seqOf("trf_LAND_EUR_2")
    await asSuperuser(
      "CREATE TABLE deleted_transfer AS SELECT * FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_2'",
      "DELETE FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_2'",
    )
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      "Refused: the ledger does not verify: missing: transfer trf_LAND_EUR_3 (LAND_EUR chain): place 2 of the chain is missing before it (a row was deleted)",
    )
    await asSuperuser(
      "INSERT INTO ledger_transfers SELECT * FROM deleted_transfer",
      "DROP TABLE deleted_transfer",
    )
    expect(await seqOf("trf_LAND_EUR_2")).toBe(seq)
    expect((await verify()).code).toBe(0)
  })

  it("the last row deleted: missing, against the chain's recorded head", async () => {
    await asSuperuser(
      "CREATE TABLE deleted_transfer AS SELECT * FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'",
      "DELETE FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'",
    )
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      "Refused: the ledger does not verify: missing: the LAND_EUR chain's rows end at place 5, but its recorded head is place 6 (rows at its end were deleted, or the head was changed)",
    )
    await asSuperuser(
      "INSERT INTO ledger_transfers SELECT * FROM deleted_transfer",
      "DROP TABLE deleted_transfer",
    )
    expect((await verify()).code).toBe(0)
  })

  it("a row inserted: inserted, naming it", async () => {
    await asSuperuser(
      `INSERT INTO ledger_transfers (transfer_id, order_id, unit_type, from_key, to_key, units, at)
       VALUES ('trf_forged', 'ord_forged', 'LAND_USD', 'platform:issuance', 'member:${HOLDER}:owned', 500, 1700000000100)`,
    )
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      "Refused: the ledger does not verify: inserted: transfer trf_forged (LAND_USD chain): has no place in the chain (added without the database's chaining)",
    )
    await asSuperuser("DELETE FROM ledger_transfers WHERE transfer_id = 'trf_forged'")
    expect((await verify()).code).toBe(0)
  })

  it("two rows' order swapped: reordered, naming both", async () => {
    const [a, b] = [await seqOf("trf_LAND_USD_4"), await seqOf("trf_LAND_USD_5")]
    const swap = [
      `UPDATE ledger_transfers SET seq = -1 WHERE seq = ${a}`,
      `UPDATE ledger_transfers SET seq = ${a} WHERE seq = ${b}`,
      `UPDATE ledger_transfers SET seq = ${b} WHERE seq = -1`,
    ]
    await asSuperuser(...swap)
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      "Refused: the ledger does not verify: reordered: transfer trf_LAND_USD_4 (LAND_USD chain): place 4 is stored after transfer trf_LAND_USD_5 (place 5)",
    )
    await asSuperuser(...swap)
    expect((await verify()).code).toBe(0)
  })

  it("an audit entry changed: edited, naming the entry", async () => {
    const sequence = await runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ sequence: string }>`
          SELECT sequence FROM audit_log WHERE subject = 'order:ord_chain_2'`
        return Number(rows[0]?.sequence)
      }),
    )
    await asSuperuser(
      `CREATE TABLE audit_before AS SELECT details FROM audit_log WHERE sequence = ${sequence}`,
      `UPDATE audit_log SET details = '{"note": "nothing happened"}' WHERE sequence = ${sequence}`,
    )
    const result = await verify()
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      `Refused: the ledger does not verify: edited: audit entry ${sequence} (audit chain): its fields no longer give its hash (changed after it was written)`,
    )
    await asSuperuser(
      `UPDATE audit_log SET details = (SELECT details FROM audit_before) WHERE sequence = ${sequence}`,
      "DROP TABLE audit_before",
    )
    expect((await verify()).code).toBe(0)
  })

  describe("with signed checkpoints", () => {
    /** A transfer of LAND_POUND, a chain no checkpoint test rewrites. */
    const issuePound = (i: number) =>
      runtime.runPromise(
        Effect.flatMap(LedgerStore, (ledger) =>
          ledger.append([
            {
              transferId: TransferId.make(`trf_LAND_POUND_${i}`),
              unitType: "LAND_POUND",
              from: platform("issuance"),
              to: member(HOLDER, "owned"),
              units: i,
              orderId: OrderId.make(`ord_pound_${i}`),
              at: 1_700_000_100_000 + i,
            },
          ]),
        ),
      )

    /**
     * A consistent rewrite, as someone with the database and the code could do: the LAND_EUR chain's last
     * transfer gets `units`, its hash is recomputed with core's own functions, and the chain's head moved to it.
     * Every chain still verifies; only a checkpoint taken before can tell.
     */
    const rewriteLastEur = async (units: number) => {
      const row = await runtime.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{
            order_id: string
            from_key: string
            to_key: string
            at: string
            prev_hash: string
            encoding: number
            from_blind: string | null
            to_blind: string | null
          }>`SELECT order_id, from_key, to_key, at, prev_hash, encoding, from_blind, to_blind
             FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'`
          return rows[0]!
        }),
      )
      const hash = chainHash(
        row.prev_hash,
        canonicalOfStored({
          transferId: "trf_LAND_EUR_6",
          orderId: row.order_id,
          unitType: "LAND_EUR",
          fromKey: row.from_key,
          toKey: row.to_key,
          units,
          at: Number(row.at),
          encoding: row.encoding === 1 ? TRANSFER_ENCODING_V1 : TRANSFER_ENCODING_V2,
          fromBlind: row.from_blind,
          toBlind: row.to_blind,
        }),
      )
      const change = `(${units} - (SELECT units FROM ledger_transfers WHERE transfer_id = 'trf_LAND_EUR_6'))`
      return asSuperuser(
        `UPDATE ledger_balances SET units = units + ${change}
         WHERE unit_type = 'LAND_EUR' AND account_key = 'member:${HOLDER}:owned'`,
        `UPDATE ledger_balances SET units = units - ${change}
         WHERE unit_type = 'LAND_EUR' AND account_key = 'platform:issuance'`,
        `UPDATE ledger_transfers SET units = ${units}, hash = '${hash}' WHERE transfer_id = 'trf_LAND_EUR_6'`,
        `UPDATE ledger_chain_heads SET head = '${hash}' WHERE chain = 'LAND_EUR'`,
      )
    }

    it("landunits ledger checkpoint takes one now, prints it and audits it", async () => {
      const first = await landunits("ledger", "checkpoint")
      expect(first.err).toBe("")
      expect(first.code).toBe(0)
      expect(first.out).toMatch(
        /^Took ledger checkpoint #1\.\n {2}at: {10}[A-Z][a-z]{2} \d+, \d{4}, .* UTC \(\d+\)\n {2}transfers: {3}12\n {2}merkle root: [0-9a-f]{64}\n/,
      )
      expect(first.out).toMatch(/\n {2}chain LAND_EUR: {3}6 at [0-9a-f]{64}\n/)
      expect(first.out).toMatch(/\n {2}chain audit: {6}6 at [0-9a-f]{64}\n/)
      expect(first.out).toMatch(
        /\n {2}owed LAND_EUR: {4}\d+ owned, \d+ LU2X, \d+ pending buy, \d+ pending sell, \d+ convert-locked; root [0-9a-f]{64}\n/,
      )
      expect(first.out).toMatch(
        /\n {2}key: {9}[0-9a-f]{16} \(Ed25519, GET \/api\/ledger\/public-key\)\n {2}signature: {3}[0-9a-f]{128}$/,
      )
      const entries = await runtime.runPromise(
        Effect.flatMap(AuditLog, (log) => log.list({ action: "ledger.checkpoint" })),
      )
      expect(entries.map((e) => [e.subject, e.details.treeSize])).toEqual([["checkpoint:1", "12"]])
      await issuePound(1)
      await issuePound(2)
      const second = JSON.parse((await landunits("--json", "ledger", "checkpoint")).out)
      expect(second).toMatchObject({ taken: true, checkpoint: { number: 2, treeSize: 14 } })
      expect(second.checkpoint.chains.map((c: { chain: string }) => c.chain)).toEqual([
        "LAND_EUR",
        "LAND_POUND",
        "LAND_USD",
        "audit",
      ])
    })

    it("untouched, every checkpoint's signature, Merkle root and chain heads verify", async () => {
      const result = await verify()
      expect(result.err).toBe("")
      expect(result.code).toBe(0)
      expect(result.out).toMatch(
        /^The ledger verifies: 14 transfer\(s\) and 8 audit entries in 4 chain\(s\), every hash and place; \d+ kept balance\(s\) equal their transfers; 2 checkpoint\(s\), every signature, Merkle root and chain head\./,
      )
      expect(result.out).toMatch(/\n {2}checkpoints signed by key [0-9a-f]{16} \(this installation's\): 2$/)
    })

    it("a checkpoint's signature changed: names the checkpoint", async () => {
      await asSuperuser(
        "CREATE TABLE signature_before AS SELECT signature FROM ledger_checkpoints WHERE number = 1",
        `UPDATE ledger_checkpoints SET signature = '${"0".repeat(128)}' WHERE number = 1`,
      )
      const result = await verify()
      expect(result.code).toBe(1)
      expect(result.err).toMatch(
        /^Refused: the ledger does not verify: checkpoint #1: its signature does not verify with key [0-9a-f]{16} \(the checkpoint was changed after it was signed\)$/,
      )
      await asSuperuser(
        "UPDATE ledger_checkpoints SET signature = (SELECT signature FROM signature_before) WHERE number = 1",
        "DROP TABLE signature_before",
      )
      expect((await verify()).code).toBe(0)
    })

    it("a checkpoint's Merkle root changed: its signature no longer covers it, naming the checkpoint", async () => {
      await asSuperuser(
        "CREATE TABLE root_before AS SELECT merkle_root FROM ledger_checkpoints WHERE number = 2",
        `UPDATE ledger_checkpoints SET merkle_root = '${"ab".repeat(32)}' WHERE number = 2`,
      )
      const result = await verify()
      expect(result.code).toBe(1)
      expect(result.err).toMatch(
        /^Refused: the ledger does not verify: checkpoint #2: its signature does not verify/,
      )
      await asSuperuser(
        "UPDATE ledger_checkpoints SET merkle_root = (SELECT merkle_root FROM root_before) WHERE number = 2",
        "DROP TABLE root_before",
      )
      expect((await verify()).code).toBe(0)
    })

    it("history rewritten consistently (a hash and the chain's head recomputed): the chains verify, the checkpoints do not", async () => {
      await rewriteLastEur(61)
      const result = await verify()
      expect(result.code).toBe(1)
      expect(result.err).toMatch(
        /^Refused: the ledger does not verify: checkpoint #1: its Merkle root [0-9a-f]{64} is not the root of the ledger's first 12 transfers \([0-9a-f]{64}\)$/,
      )
      await rewriteLastEur(60)
      expect((await verify()).code).toBe(0)
    })

    it("a checkpoint deleted: names the gap", async () => {
      await asSuperuser(
        "CREATE TABLE checkpoint_before AS SELECT * FROM ledger_checkpoints WHERE number = 1",
        "DELETE FROM ledger_checkpoints WHERE number = 1",
      )
      const result = await verify()
      expect(result.code).toBe(1)
      expect(result.err).toBe(
        "Refused: the ledger does not verify: checkpoint #2: it is the first stored: checkpoints before it are missing",
      )
      await asSuperuser(
        "INSERT INTO ledger_checkpoints SELECT * FROM checkpoint_before",
        "DROP TABLE checkpoint_before",
      )
      expect((await verify()).code).toBe(0)
    })
  })
})

/**
 * The app appends while an admin verifies (PostgreSQL server: another process commits on its own connection). The
 * append is made to commit at the worst moment, after the chains were walked and just before their recorded heads
 * are read: verify reads one snapshot, so the sound ledger verifies as it stood when the run began.
 */
describe.runIf(serverUrl !== undefined && serverUrl !== "")("ledger verify while the app appends", () => {
  it("after three app processes × 50 clients bought one unit type to its capacity in batches, the ledger verifies", async () => {
    const database = await freshServerDatabase(serverUrl!)
    const runtime = makeRuntime(layerServer(database.url))
    try {
      await runtime.runPromise(history)
      // Buys of 1 to 20 Units of one unit type with 1,000 of capacity, with confirmations, cancels, sells, transfers
      // and replays (adapters' load workers), three OS processes each batching its own 50 clients' buys.
      const workers = [0, 1, 2].map((w) => startWorker(database.url, w, 50, 20, 41))
      expect(await Promise.all(workers.map((w) => w.done))).toEqual([0, 0, 0])
      const lines = workers.flatMap((w) => w.lines)
      expect(lines.filter((l) => l.outcome === "defect")).toEqual([])
      expect(lines.some((l) => l.op === "buy" && l.detail === "UnitsUnavailable")).toBe(true)
      const result = await runAsAdmin(runtime, ["ledger", "verify"])
      expect(result.err).toBe("")
      expect(result.code).toBe(0)
      expect(result.out).toMatch(/^The ledger verifies: \d+ transfer\(s\)/)
    } finally {
      await runtime.dispose()
      await database.drop()
    }
  }, 180_000)

  it("a transfer committed after the chains were walked is neither named missing nor counted in the balances", async () => {
    const database = await freshServerDatabase(serverUrl!)
    const runtime = makeRuntime(layerServer(database.url))
    const app = makeRuntime(layerServer(database.url))
    try {
      await runtime.runPromise(history)
      const store = await runtime.runPromise(
        Effect.gen(function* () {
          return yield* LedgerStore
        }),
      )
      let appended = 0
      const appendNow = () =>
        app.runPromise(
          Effect.gen(function* () {
            yield* (yield* LedgerStore).append([
              {
                transferId: TransferId.make("trf_LAND_USD_during_verify"),
                unitType: "LAND_USD",
                from: platform("issuance"),
                to: member(HOLDER, "owned"),
                units: 5,
                orderId: OrderId.make("ord_chain_during_verify"),
                at: 1_700_000_000_100,
              },
            ])
          }),
        )
      // The run's LedgerStore, but its chain heads are read only once the app's transfer has committed.
      const meanwhile = {
        ...store,
        chainHeads: Effect.promise(async () => {
          if (appended++ === 0) await appendNow()
        }).pipe(Effect.andThen(store.chainHeads)),
      }
      const runner: CommandRunner = {
        runPromiseExit: (effect) =>
          runtime.runPromiseExit(Effect.provideService(effect, LedgerStore, meanwhile)),
      }
      const result = await runAsAdmin(runner, ["ledger", "verify"])
      expect(appended).toBe(1)
      expect(result.err).toBe("")
      expect(result.code).toBe(0)
      expect(result.out).toMatch(/^The ledger verifies: 12 transfer\(s\)/)
      expect(result.out).toMatch(/LAND_USD: 6 at /)
    } finally {
      await app.dispose()
      await runtime.dispose()
      await database.drop()
    }
  })
})
