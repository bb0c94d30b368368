/**
 * The price of one whole coin in each order currency, in that currency's minor units (cents), as of an
 * instant: the rate a crypto payment's coin amount is computed from when the payment starts.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE coin_prices (
      coin                text NOT NULL CHECK (coin IN ('BITCOIN', 'ETHER')),
      currency            text NOT NULL CHECK (currency IN ('EUR', 'USD', 'AUD', 'GBP')),
      cents_per_coin      bigint NOT NULL CHECK (cents_per_coin > 0),
      as_of               bigint NOT NULL,
      PRIMARY KEY (coin, currency, as_of)
    )`
})
