/**
 * Re-sealing under the current document key (`landunits documents rekey`, docs/security.md "Rotating keys"): every
 * KYC document (`kyc_documents`), every member's data-export archive (`data_exports`) and every authenticator-app
 * secret (`totp_factors`, SecondFactorStorePg.ts) whose row is sealed under
 * an earlier key of the keyring (DOCUMENT_KEY_PREVIOUS) is opened with that key and sealed again under DOCUMENT_KEY,
 * with a fresh IV and the same additional data (DocumentStorePg.ts, DataExportStorePg.ts).
 *
 * A batch of rows at a time, each batch in its own transaction with its rows locked (`FOR UPDATE`), so a run that
 * stops (a crash, Ctrl-C) keeps the batches it committed and the next run goes on with the rest; a row already
 * under the current key is never touched, so a second run changes nothing. A row under a key the keyring does not
 * hold, or that fails authentication, is not changed: it is named in the answer (the rest are re-sealed), and the
 * operator adds its key to DOCUMENT_KEY_PREVIOUS and runs it again.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { DocumentKey } from "../documents/DocumentKey.ts"
import { decrypt, encrypt } from "../documents/DocumentSealing.ts"
import { sealedId } from "./DataExportStorePg.ts"
import { TOTP_PURPOSE } from "./SecondFactorStorePg.ts"

/** Rows re-sealed per transaction. */
export const REKEY_BATCH = 100

/** What one table holds after a run. */
export interface RekeyTableCount {
  /** Rows re-sealed under the current key by this run. */
  readonly resealed: number
  /** Rows under the current key (after the run, those re-sealed included). */
  readonly underCurrentKey: number
}

/** A row left as it was: which, under what key, and why it could not be opened. */
export interface RekeyUnreadable {
  readonly table: "kyc_documents" | "data_exports" | "totp_factors"
  readonly row: string
  readonly keyId: string
  readonly message: string
}

export interface RekeyOutcome {
  readonly keyId: string
  readonly batches: number
  readonly kycDocuments: RekeyTableCount
  readonly dataExports: RekeyTableCount
  readonly totpSecrets: RekeyTableCount
  readonly unreadable: ReadonlyArray<RekeyUnreadable>
}

interface SealedRow {
  readonly cursor: string
  readonly owner: string
  readonly item: string
  readonly key_id: string
  readonly iv: Uint8Array
  readonly auth_tag: Uint8Array
  readonly ciphertext: Uint8Array
}

interface SealedTable {
  readonly table: RekeyUnreadable["table"]
  /** The select list: cursor (text, ordered), owner, item (the row's id), key_id, iv, auth_tag, ciphertext. */
  readonly columns: string
  /** The cursor column, as ordered and compared. */
  readonly order: string
  /** The id the row's bytes are sealed under (with the owner). */
  readonly sealedAs: (row: SealedRow) => string
  readonly name: (row: SealedRow) => string
  /** Where one row is, by its item: `$1` is the item. */
  readonly where: string
}

const TABLES: ReadonlyArray<SealedTable> = [
  {
    table: "kyc_documents",
    columns: "seq::text AS cursor, owner, document_id AS item, key_id, iv, auth_tag, ciphertext",
    order: "seq",
    sealedAs: (row) => row.item,
    name: (row) => `document ${row.item} of ${row.owner}`,
    where: "owner = $5 AND document_id = $1",
  },
  {
    table: "data_exports",
    columns: "export_id AS cursor, member_id AS owner, export_id AS item, key_id, iv, auth_tag, ciphertext",
    order: "export_id",
    sealedAs: (row) => sealedId(row.item),
    name: (row) => `data export ${row.item} of ${row.owner}`,
    where: "export_id = $1 AND member_id = $5",
  },
  {
    table: "totp_factors",
    columns: "member_id AS cursor, member_id AS owner, member_id AS item, key_id, iv, auth_tag, ciphertext",
    order: "member_id",
    sealedAs: () => TOTP_PURPOSE,
    name: (row) => `authenticator secret of ${row.owner}`,
    where: "member_id = $1 AND member_id = $5",
  },
]

interface BatchDone {
  readonly rows: number
  readonly done: number
  readonly last: string | undefined
}

/** One transaction: the next `batchSize` rows of `t` after `cursor` not under the current key, re-sealed. */
const rekeyBatch = (
  t: SealedTable,
  cursor: string | null,
  batchSize: number,
  unreadable: Array<RekeyUnreadable>,
): Effect.Effect<BatchDone, never, SqlClient.SqlClient | DocumentKey> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const keyring = yield* DocumentKey
    return yield* sql
      .withTransaction(
        Effect.gen(function* () {
          const rows = yield* sql.unsafe<SealedRow>(
            `SELECT ${t.columns} FROM ${t.table}
           WHERE key_id IS NOT NULL AND key_id <> $1 ${cursor === null ? "" : `AND ${t.order} > $3`}
           ORDER BY ${t.order} LIMIT $2 FOR UPDATE`,
            cursor === null ? [keyring.keyId, batchSize] : [keyring.keyId, batchSize, cursor],
          )
          let done = 0
          for (const row of rows) {
            const opened = yield* decrypt(keyring, row.owner, t.sealedAs(row), {
              keyId: row.key_id,
              iv: row.iv,
              authTag: row.auth_tag,
              ciphertext: row.ciphertext,
            }).pipe(
              Effect.catchTag("DocumentUnreadable", (e) =>
                Effect.sync(() => {
                  unreadable.push({ table: t.table, row: t.name(row), keyId: row.key_id, message: e.message })
                  return undefined
                }),
              ),
            )
            if (opened === undefined) continue
            const sealed = encrypt(keyring, row.owner, t.sealedAs(row), opened)
            yield* sql.unsafe(
              `UPDATE ${t.table} SET key_id = $2, iv = $3, auth_tag = $4, ciphertext = $6
             WHERE ${t.where} AND key_id = $7`,
              [row.item, keyring.keyId, sealed.iv, sealed.authTag, row.owner, sealed.ciphertext, row.key_id],
            )
            done += 1
          }
          return { rows: rows.length, done, last: rows[rows.length - 1]?.cursor }
        }),
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))
  })

/** Re-seals every row of every sealed table not under the current key; see the top of the file. */
export const rekeyDocuments = (options: { readonly batchSize?: number } = {}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const keyring = yield* DocumentKey
    const batchSize = options.batchSize ?? REKEY_BATCH
    const unreadable: Array<RekeyUnreadable> = []
    const counts = new Map<string, RekeyTableCount>()
    let batches = 0
    for (const t of TABLES) {
      let resealed = 0
      // Rows sorted by the cursor, after the last row seen: a row left unreadable is passed, not read again.
      let after: string | null = null
      for (;;) {
        const batch: BatchDone = yield* rekeyBatch(t, after, batchSize, unreadable)
        if (batch.rows === 0) break
        batches += 1
        resealed += batch.done
        after = batch.last ?? null
        yield* Effect.logInfo(`documents rekey: ${t.table}: ${resealed} row(s) re-sealed so far`)
      }
      const [current] = yield* sql.unsafe<{ n: string | number }>(
        `SELECT count(*) AS n FROM ${t.table} WHERE key_id = $1`,
        [keyring.keyId],
      )
      counts.set(t.table, { resealed, underCurrentKey: Number(current?.n ?? 0) })
    }
    const zero = { resealed: 0, underCurrentKey: 0 }
    return {
      keyId: keyring.keyId,
      batches,
      kycDocuments: counts.get("kyc_documents") ?? zero,
      dataExports: counts.get("data_exports") ?? zero,
      totpSecrets: counts.get("totp_factors") ?? zero,
      unreadable,
    } satisfies RekeyOutcome
  })
