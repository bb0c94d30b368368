/**
 * Issue 22, goal 3: a ceiling of our own work. One buy's reads and writes, exactly as the app sends them to the
 * PostgreSQL server (statements logged with `log_statement = all` from `bench:orders`), as a pgbench custom
 * script on a database migrated like the app's: the same tables, triggers, locks and one transaction.
 *
 *   BEGIN;
 *   SELECT … FROM buy_reads_after_lock(lock, unit type, key)   -- the unit type's lock, totals, key, chain head
 *   WITH appended AS (INSERT INTO ledger_transfers …), balanced AS (INSERT INTO ledger_balances … ON CONFLICT),
 *        chain_head_0 AS (UPDATE ledger_chain_heads … WHERE length = the length read),
 *        inserted AS (INSERT INTO orders …), keyed AS (INSERT INTO idempotency_keys …)
 *   SELECT sequence, heads moved FROM inserted;
 *   COMMIT;
 *
 * What the app computes between the two statements (the member's standing, the price, the capacity check from
 * the totals, the order's record, the chain link's SHA-256) is what this script leaves out; the script's figure
 * over ours is what the app costs on top of the schema. Two stand-ins, both cheaper for the database than the
 * app's values are not: the new chain hash is two md5s (the app's SHA-256 runs in the app), and the previous hash
 * and length are read back in the writing statement (the app has them from the lock's read).
 *
 * Client i buys the i-th unit type of the workload (modulo its size), as `bench:orders`' clients do; the 30
 * members are the bench's (`m01`…`m30`).
 */
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { ORDER_COMMAND_LOCK, unitTypeLockKey } from "../adapters/src/postgres/UnitOfWorkPg.ts"

/** An order record as a buy of 1 Unit by bank stores it (its ids filled in by the script). */
const RECORD = JSON.stringify({
  buy: {},
  orderId: "@ORDER@",
  memberId: "@MEMBER@",
  timeline: [{ at: 1795710682386, to: "Initiated", actor: { _tag: "Member", memberId: "@MEMBER@" } }],
  createdAt: "2026-11-26T16:31:22.386Z",
  expiresAt: 1795969882386,
  orderType: "BUY",
  updatedAt: "2026-11-26T16:31:22.386Z",
  orderStatus: "Initiated",
  currencyUnit: {
    unitType: "@UNIT_TYPE@",
    isDoubleLand: false,
    pricePerUnit: 10000,
    numberOfUnits: 1,
    buyOrderTransactionFeeInCents: 100,
  },
  paymentDetails: {
    currency: "USD",
    subTotal: 1000,
    paymentAmount: 1100,
    paymentMethod: "bank",
    transactionFee: 100,
    paymentMethodFees: { fixedCentsFees: 0, fixedPercentageFees: 0 },
  },
})

/** The pgbench script of one buy for a workload of unit types. */
export const buyScript = (workload: ReadonlyArray<UnitType>): string => {
  const names = `ARRAY[${workload.map((u) => `'${u}'`).join(",")}]`
  const keys = `ARRAY[${workload.map(unitTypeLockKey).join(",")}]`
  const unitType = `(${names})[(:k)::int]`
  const memberId = `('m' || lpad((:m)::int::text, 2, '0'))`
  const id = `txid_current()::text`
  // pgbench takes ":word" anywhere, inside quotes too, as a variable: the accounts' colons are chr(58).
  const issuance = `('platform' || chr(58) || 'issuance')`
  const scope = `('member' || chr(58) || ${memberId})`
  const pendingBuy = `('member' || chr(58) || ${memberId} || chr(58) || 'pendingBuy')`
  const record = `replace(replace(replace(bench_buy_record(), '@ORDER@', 'ord_' || ${id}), '@MEMBER@', ${memberId}), '@UNIT_TYPE@', ${unitType})::jsonb`
  return `\\set k :client_id % ${workload.length} + 1
\\set m random(1, 30)
BEGIN;
SELECT bucket, units, request_hash, response, chain_length, chain_head FROM buy_reads_after_lock(
  ${ORDER_COMMAND_LOCK}, (${keys})[(:k)::int], ${unitType}, ${scope}, 'sql-' || ${id});
WITH head AS (
  SELECT length, head, md5(random()::text) || md5(random()::text) AS next
  FROM ledger_chain_heads WHERE chain = ${unitType}),
appended AS (
  INSERT INTO ledger_transfers (transfer_id, order_id, unit_type, from_key, from_member, to_key, to_member, units, at,
                                chain_index, prev_hash, hash)
  SELECT 'trf_' || ${id}, 'ord_' || ${id}, ${unitType}, ${issuance}, NULL,
         ${pendingBuy}, ${memberId}, 1, 1795710682386, length + 1, head, next
  FROM head
  RETURNING 1),
balanced AS (
  INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
  VALUES (${unitType}, ${issuance}, NULL, 'issuance', -1),
         (${unitType}, ${pendingBuy}, ${memberId}, 'pendingBuy', 1)
  ON CONFLICT (unit_type, account_key) DO UPDATE SET units = ledger_balances.units + EXCLUDED.units
  RETURNING 1),
chain_head_0 AS (
  UPDATE ledger_chain_heads AS h SET length = head.length + 1, head = head.next, prev = head.head
  FROM head WHERE h.chain = ${unitType} AND h.length = head.length
  RETURNING 1),
inserted AS (
  INSERT INTO orders (order_id, member_id, order_type, unit_type, order_status, is_double_land, created_at, record)
  VALUES ('ord_' || ${id}, ${memberId}, 'BUY', ${unitType}, 'Initiated', false, now(), ${record})
  RETURNING sequence, record),
keyed AS (
  INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response)
  SELECT ${scope}, 'sql-' || ${id}, md5(${id}) || md5(${id}), record || jsonb_build_object('sequence', sequence)
  FROM inserted
  RETURNING 1)
SELECT sequence, (SELECT count(*) FROM chain_head_0) AS moved FROM inserted;
COMMIT;
`
}

/**
 * Made once before the script runs: the chains' head rows it moves (the app makes a chain's at its first buy), and
 * the record's text as a constant function (pgbench would read its times' colons as variables), inlined when
 * the statement is planned.
 */
export const buyScriptSetup = (workload: ReadonlyArray<UnitType>): string =>
  `INSERT INTO ledger_chain_heads (chain, length, head, prev) VALUES ${workload
    .map((u) => `('${u}', 0, repeat('0', 64), repeat('0', 64))`)
    .join(", ")} ON CONFLICT (chain) DO NOTHING;
  CREATE FUNCTION bench_buy_record() RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT '${RECORD}' $$;`
