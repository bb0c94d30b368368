/**
 * A new buy's links are computed by the database (`ledger_chain_link` in `record_buy`, migration 2870) from the
 * canonical encodings the app passes; verification, the browser and outsiders recompute them with core's portable
 * `chainHash`. They must agree on every input, or a chain a buy wrote would not verify: on PGlite and the server.
 */
import { CHAIN_GENESIS, chainHash } from "@landunits/core/ledger/TransferChain.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const hexHash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"))

/** Any text PostgreSQL can hold: every code point but U+0000 (no generated id or key contains it). */
const anyText = fc.string({ unit: "binary", maxLength: 200 }).filter((s) => !s.includes("\u0000"))

const linkInSql = (previous: string, canonical: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ link: string }>`SELECT ledger_chain_link(${previous}, ${canonical}) AS link`
    return rows[0]!.link
  })

for (const target of databaseTargets().run) {
  describe(`the chain link in SQL on ${target.name}`, () => {
    const db = useSuiteDatabase(target)

    it("equals core's chainHash for any previous hash and any encoding, whatever its characters", async () => {
      await fc.assert(
        fc.asyncProperty(hexHash, anyText, async (previous, canonical) => {
          expect(await db.run(linkInSql(previous, canonical))).toBe(chainHash(previous, canonical))
        }),
        { numRuns: 200 },
      )
    }, 60_000)

    it("equals it on encodings as a buy writes them, and on letters outside ASCII", async () => {
      for (const canonical of [
        "landunits-transfer-v1|trf_1|ord_1|LAND_EUR|platform:issuance|member:mem_1:pendingBuy|12|1795710682386",
        "€ é ß 中文 🏞️ Ω",
        "",
      ]) {
        expect(await db.run(linkInSql(CHAIN_GENESIS, canonical))).toBe(chainHash(CHAIN_GENESIS, canonical))
      }
    })
  })
}
