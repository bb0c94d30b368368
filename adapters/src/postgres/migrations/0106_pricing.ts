/**
 * What admins configure about prices: per unit type its price schedule, fees and land limits; the
 * external fees per payment method; daily exchange rates; reference (discount) codes; and the bank
 * accounts members pay into, per currency.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE unit_prices (
      unit_type                      text PRIMARY KEY,
      base_price                     bigint NOT NULL CHECK (base_price > 0),
      base_date                      date NOT NULL,
      growth_per_year_percent        numeric NOT NULL CHECK (growth_per_year_percent >= 0),
      buy_fee_cents                  integer NOT NULL CHECK (buy_fee_cents >= 0),
      sell_fee_units                 integer NOT NULL CHECK (sell_fee_units >= 0),
      convert_fee_units              integer NOT NULL CHECK (convert_fee_units >= 0),
      land_value_cents               bigint NOT NULL CHECK (land_value_cents >= 0),
      max_double_land_value_cents    bigint NOT NULL CHECK (max_double_land_value_cents >= 0),
      max_pending_purchase_cents     bigint CHECK (max_pending_purchase_cents >= 0)
    )`
  yield* sql`
    CREATE TABLE external_fees (
      payment_method     text PRIMARY KEY,
      fixed_cents        integer NOT NULL CHECK (fixed_cents >= 0),
      fixed_percentage   numeric NOT NULL CHECK (fixed_percentage >= 0)
    )`
  yield* sql`
    CREATE TABLE exchange_rates (
      day            date NOT NULL,
      from_currency  text NOT NULL,
      to_currency    text NOT NULL,
      rate           bigint NOT NULL CHECK (rate > 0),
      PRIMARY KEY (from_currency, to_currency, day)
    )`
  yield* sql`
    CREATE TABLE discount_codes (
      code                   text PRIMARY KEY,
      is_percent             boolean NOT NULL,
      amount                 integer NOT NULL CHECK (amount >= 0),
      min_payment_cents      integer NOT NULL CHECK (min_payment_cents >= 0),
      active                 boolean NOT NULL DEFAULT true
    )`
  yield* sql`
    CREATE TABLE bank_accounts (
      currency  text PRIMARY KEY,
      details   jsonb NOT NULL
    )`
})
