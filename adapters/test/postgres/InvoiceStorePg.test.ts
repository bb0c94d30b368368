/**
 * Invoices on PostgreSQL: the InvoiceStore and InvoiceSettings contracts on PGlite and the server, the table refusing every change to an
 * issued document, a rolled-back order giving its number back, and (on the server) concurrent issues numbered
 * 1..N without a gap or a repeat, payout statements among them, each payout's once.
 */
import { InvoiceBuyers } from "@landunits/core/invoices/ports/InvoiceBuyers.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { sampleDraft, samplePayoutStatement } from "@landunits/core/test-support/InvoiceSample.ts"
import { invoiceSettingsContract } from "@landunits/core/test-support/InvoiceSettingsContract.ts"
import { invoiceStoreContract } from "@landunits/core/test-support/InvoiceStoreContract.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Exit, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerServer } from "../../src/postgres/Database.ts"
import { InvoiceBuyersPg } from "../../src/postgres/InvoiceBuyersPg.ts"
import { InvoiceSettingsPg } from "../../src/postgres/InvoiceSettingsPg.ts"
import { InvoiceStorePg } from "../../src/postgres/InvoiceStorePg.ts"
import { databaseTargets, serverUrl } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`invoices on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    const store = () => InvoiceStorePg.pipe(Layer.provideMerge(db.layer()))
    invoiceStoreContract(target.name, () => InvoiceStorePg.pipe(Layer.provide(db.layer())))
    invoiceSettingsContract(target.name, () => InvoiceSettingsPg.pipe(Layer.provide(db.layer())))

    it("refuses to update or delete an issued invoice: the table's trigger, whoever asks", async () => {
      const outcome = await db.run(
        Effect.gen(function* () {
          const invoices = yield* InvoiceStore
          yield* invoices.issue(sampleDraft({ orderId: "o-1" }))
          const sql = yield* SqlClient.SqlClient
          const update = yield* Effect.exit(
            sql`UPDATE invoices SET document = jsonb_set(document, '{total}', '1') WHERE number = 1`,
          )
          const remove = yield* Effect.exit(sql`DELETE FROM invoices WHERE number = 1`)
          const [row] = yield* sql<{ total: number }>`SELECT (document->>'total')::int AS total FROM invoices`
          return { update, remove, total: row!.total }
        }).pipe(Effect.provide(store())),
      )
      expect(Exit.isFailure(outcome.update)).toBe(true)
      expect(String(outcome.update)).toContain("an issued invoice never changes")
      expect(Exit.isFailure(outcome.remove)).toBe(true)
      expect(outcome.total).toBe(sampleDraft().total)
    })

    it("names the buyer as core names members (a business by KYC's company name and ids) with their KYC address, without it when none; none for an unknown member", async () => {
      const buyers = await db.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const account = (id: string, extra: object) =>
            sql`INSERT INTO accounts (member_id, email, role, created_at, record)
                VALUES (${id}, ${`${id}@example.com`}, 'member', 0,
                        ${JSON.stringify({ memberId: id, firstName: "Ann", lastName: "Lee", ...extra })}::jsonb)`
          yield* account("mem_ann", { userType: "USER" })
          yield* account("mem_co", { userType: "BUSINESS", businessName: "Lee Farms" })
          yield* account("mem_none", { userType: "USER" })
          const address = {
            houseNumber: "12",
            streetAddress: "High Street",
            townCity: "London",
            postcode: "SW1A 1AA",
            country: "United Kingdom",
          }
          const businessInfo = {
            businessName: "Lee Farms Ltd",
            registrationNumber: "12345678",
            vatNumber: "GB123456789",
          }
          for (const id of ["mem_ann", "mem_co"])
            yield* sql`INSERT INTO kyc_records (member_id, kyc_status, record, updated_at)
                       VALUES (${id}, 'Verified', ${JSON.stringify({ memberId: id, kycInfo: { kycStatus: "Verified", address, ...(id === "mem_co" ? { businessInfo } : {}) } })}::jsonb, 0)`
          const of = (id: string) => Effect.flatMap(InvoiceBuyers, (b) => b.buyerOf(MemberId.make(id)))
          return {
            ann: yield* of("mem_ann"),
            co: yield* of("mem_co"),
            none: yield* of("mem_none"),
            stranger: yield* of("mem_stranger"),
          }
        }).pipe(Effect.provide(InvoiceBuyersPg.pipe(Layer.provideMerge(db.layer())))),
      )
      expect(buyers.ann).toEqual(
        Option.some({
          memberId: "mem_ann",
          name: "Ann Lee",
          address: "12 High Street, London, SW1A 1AA, United Kingdom",
        }),
      )
      expect(buyers.co).toEqual(
        Option.some({
          memberId: "mem_co",
          name: "Lee Farms Ltd",
          address: "12 High Street, London, SW1A 1AA, United Kingdom",
          registrationId: "12345678",
          taxId: "GB123456789",
        }),
      )
      // No KYC yet: named all the same (the document says "address not given").
      expect(buyers.none).toEqual(Option.some({ memberId: "mem_none", name: "Ann Lee" }))
      expect(buyers.stranger).toEqual(Option.none())
    })

    it("an order whose transaction rolls back gives its number back: the next invoice takes it", async () => {
      const numbers = await db.run(
        Effect.gen(function* () {
          const invoices = yield* InvoiceStore
          const sql = yield* SqlClient.SqlClient
          yield* invoices.issue(sampleDraft({ orderId: "o-1" }))
          const failed = yield* Effect.exit(
            sql.withTransaction(
              Effect.gen(function* () {
                yield* invoices.issue(sampleDraft({ orderId: "o-2" }))
                return yield* Effect.fail("the order's confirmation failed after the invoice")
              }),
            ),
          )
          expect(Exit.isFailure(failed)).toBe(true)
          const next = yield* invoices.issue(sampleDraft({ orderId: "o-3" }))
          const orders = yield* sql<{ order_id: string; number: number }>`
            SELECT order_id, number FROM invoices ORDER BY number`
          return { next: next.number, orders }
        }).pipe(Effect.provide(store())),
      )
      expect(numbers.next).toBe(2)
      expect(numbers.orders).toEqual([
        { order_id: "o-1", number: 1 },
        { order_id: "o-3", number: 2 },
      ])
    })
  })
}

const url = serverUrl()
if (url === undefined)
  console.warn("[not run] concurrent invoice numbering on the PostgreSQL server (DATABASE_URL is not set)")

describe.runIf(url !== undefined)("invoice numbers under concurrent orders on the PostgreSQL server", () => {
  const ORDERS = 60
  const CONNECTIONS = 12

  it(`${ORDERS} concurrent paid orders (every third rolled back after its invoice) get numbers 1..N, unique and gap-free`, async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const database = yield* scopedServerDatabase(url!)
          return yield* Effect.gen(function* () {
            const invoices = yield* InvoiceStore
            const sql = yield* SqlClient.SqlClient
            const exits = yield* Effect.forEach(
              Array.from({ length: ORDERS }, (_, i) => i),
              (i) =>
                Effect.exit(
                  sql.withTransaction(
                    Effect.gen(function* () {
                      // The order's own work before and after its invoice, holding the transaction open.
                      yield* Effect.sleep(`${i % 7} millis`)
                      const issued = yield* invoices.issue(sampleDraft({ orderId: `o-${i}` }))
                      yield* Effect.sleep(`${(i * 3) % 5} millis`)
                      if (i % 3 === 2) return yield* Effect.fail(`order ${i} rolled back`)
                      // The order retried answers its invoice, using no number.
                      const again = yield* invoices.issue(sampleDraft({ orderId: `o-${i}` }))
                      expect(again.number).toBe(issued.number)
                      return issued.number
                    }),
                  ),
                ),
              { concurrency: "unbounded" },
            )
            const rows = yield* sql<{ number: number; order_id: string }>`
              SELECT number, order_id FROM invoices ORDER BY number`
            const [counter] = yield* sql<{ last_number: number }>`SELECT last_number FROM invoice_sequences`
            return { exits, rows, counter: counter!.last_number }
          }).pipe(Effect.provide(InvoiceStorePg.pipe(Layer.provideMerge(layerServer(database, CONNECTIONS)))))
        }),
      ),
    )
    const committed = result.exits.filter(Exit.isSuccess).map((e) => e.value)
    const expected = ORDERS - Math.floor((ORDERS + 1) / 3)
    expect(committed).toHaveLength(expected)
    expect([...committed].sort((a, b) => a - b)).toEqual(Array.from({ length: expected }, (_, i) => i + 1))
    expect(result.rows.map((r) => r.number)).toEqual(Array.from({ length: expected }, (_, i) => i + 1))
    expect(result.rows.every((r) => Number(r.order_id.slice(2)) % 3 !== 2)).toBe(true)
    expect(result.counter).toBe(expected)
  }, 120_000)

  it("one order's invoice issued by two transactions at once: one invoice, one number, the second answers the first's", async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const database = yield* scopedServerDatabase(url!)
          return yield* Effect.gen(function* () {
            const invoices = yield* InvoiceStore
            const sql = yield* SqlClient.SqlClient
            const both = yield* Effect.forEach(
              [0, 1],
              () =>
                sql.withTransaction(
                  Effect.gen(function* () {
                    const issued = yield* invoices.issue(sampleDraft({ orderId: "o-same" }))
                    yield* Effect.sleep("50 millis") // hold the transaction: the other waits on the counter row
                    return issued.number
                  }),
                ),
              { concurrency: "unbounded" },
            )
            const next = yield* invoices.issue(sampleDraft({ orderId: "o-next" }))
            const [rows] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM invoices`
            return { both, next: next.number, rows: rows!.n }
          }).pipe(Effect.provide(InvoiceStorePg.pipe(Layer.provideMerge(layerServer(database, 4)))))
        }),
      ),
    )
    expect(result.both).toEqual([1, 1])
    expect(result.next).toBe(2)
    expect(result.rows).toBe(2)
  }, 60_000)

  it("invoices and payout statements issued at once share the issuer's sequence 1..N; one payout's statement by two transactions is issued once", async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const database = yield* scopedServerDatabase(url!)
          return yield* Effect.gen(function* () {
            const invoices = yield* InvoiceStore
            const sql = yield* SqlClient.SqlClient
            const drafts = Array.from({ length: 20 }, (_, i) =>
              i % 2 === 0
                ? sampleDraft({ orderId: `o-${i}` })
                : samplePayoutStatement({ payoutId: `p-${i}` }),
            )
            // Every payout statement twice, concurrently: the second answers the first's.
            const numbers = yield* Effect.forEach(
              [...drafts, ...drafts.filter((d) => d.kind === "payoutStatement")],
              (draft, i) =>
                sql.withTransaction(
                  Effect.gen(function* () {
                    yield* Effect.sleep(`${i % 5} millis`)
                    return (yield* invoices.issue(draft)).number
                  }),
                ),
              { concurrency: "unbounded" },
            )
            const rows = yield* sql<{ number: number; kind: string; payout_id: string | null }>`
              SELECT number, kind, payout_id FROM invoices ORDER BY number`
            return { numbers, rows }
          }).pipe(Effect.provide(InvoiceStorePg.pipe(Layer.provideMerge(layerServer(database, 8)))))
        }),
      ),
    )
    expect(result.rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(result.rows.filter((r) => r.kind === "payoutStatement")).toHaveLength(10)
    expect(new Set(result.rows.map((r) => r.payout_id).filter((p) => p !== null)).size).toBe(10)
    // The repeats answered their payout's first statement.
    expect(result.numbers.slice(20)).toEqual(result.numbers.slice(0, 20).filter((_, i) => i % 2 === 1))
  }, 60_000)
})
