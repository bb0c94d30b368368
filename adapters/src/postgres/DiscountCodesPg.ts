/** DiscountCodes on PostgreSQL: the reference codes an order may carry, while active. */
import { type DiscountCode, DiscountCodes } from "@landunits/core/orders/ports/DiscountCodes.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

export const DiscountCodesPg = Layer.effect(DiscountCodes)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return DiscountCodes.of({
      find: (code) =>
        sql<{ code: string; is_percent: boolean; amount: number; min_payment_cents: number }>`
          SELECT code, is_percent, amount, min_payment_cents FROM discount_codes WHERE code = ${code.trim()} AND active`.pipe(
          Effect.map((rows) =>
            Option.map(
              Option.fromNullishOr(rows[0]),
              (r): DiscountCode => ({
                code: r.code,
                isPercent: r.is_percent,
                amount: r.amount,
                minPaymentAmountInCents: r.min_payment_cents,
              }),
            ),
          ),
          Effect.orDie,
        ),
    })
  }),
)
