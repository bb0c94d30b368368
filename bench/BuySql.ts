/**
 * Issue 22, goal 3: a ceiling of our own work. One buy's reads and writes, exactly as the app sends them to the
 * PostgreSQL server (statements logged with `log_statement = all` from `bench:orders`), as a pgbench custom
 * script on a database migrated like the app's: the same tables, triggers, locks and one transaction.
 *
 *   BEGIN;
 *   SELECT … FROM record_buy(lock, unit type, key, transfers, balances, order)  -- lock, key, totals, the write,
 *                                                                              -- the chain link (migration 2870)
 *   COMMIT;
 *
 * What the app computes before the statement and after it (the member's standing, the price, the order's record,
 * the transfer's blind and canonical encoding, the capacity check on the totals answered) is what this script leaves out; the
 * script's figure over ours is what the app costs on top of the schema. The transfers and balance changes are built
 * with jsonb_build_object where the app sends them as JSON text (pgbench reads ":word" as a variable, and JSON
 * has colons), the canonical encoding with concat_ws where the app sends it made.
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
  const transferId = `('trf_' || ${id})`
  const orderId = `('ord_' || ${id})`
  const at = "1795710682386"
  // The buyer's blind and pseudonym (v2), 64 hex digits each, as the app sends them made (md5s stand in for its
  // random bytes and SHA-256).
  const blind = `(md5(${id} || 'b') || md5(${id} || 'c'))`
  const pseudonymous = `('member' || chr(58) || md5(${id} || 'p') || md5(${id} || 'q') || chr(58) || 'pendingBuy')`
  const transfers = `jsonb_build_array(jsonb_build_object(
    'transfer_id', ${transferId}, 'order_id', ${orderId}, 'unit_type', ${unitType},
    'from_key', ${issuance}, 'from_member', NULL, 'to_key', ${pendingBuy}, 'to_member', ${memberId},
    'units', 1, 'at', ${at}, 'encoding', 2, 'from_blind', NULL, 'to_blind', ${blind},
    'canonical', concat_ws('|', 'landunits-transfer-v2', ${transferId}, ${orderId}, ${unitType}, ${issuance}, ${pseudonymous}, '1', '${at}')))`
  const balances = `jsonb_build_array(
    jsonb_build_object('unit_type', ${unitType}, 'account_key', ${issuance}, 'member_id', NULL, 'bucket', 'issuance', 'units', -1),
    jsonb_build_object('unit_type', ${unitType}, 'account_key', ${pendingBuy}, 'member_id', ${memberId}, 'bucket', 'pendingBuy', 'units', 1))`
  return `\\set k :client_id % ${workload.length} + 1
\\set m random(1, 30)
BEGIN;
SELECT bucket, units, request_hash, response, sequence, chain_length, chain_head FROM record_buy(
  ${ORDER_COMMAND_LOCK}, (${keys})[(:k)::int], ${unitType},
  ${scope}, 'sql-' || ${id}, md5(${id}) || md5(${id}),
  ${transfers},
  ${balances},
  ${orderId}, ${memberId}, 'BUY', 'Initiated', false, now(), ${record});
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
