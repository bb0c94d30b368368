import { Context, Effect, Layer, Option, Schema } from "effect"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** A reference code's discount terms (spec §3 Discount, without the computed discountValue). */
export const DiscountCode = Schema.Struct({
  code: Schema.String,
  isPercent: Schema.Boolean,
  /** Percent (isPercent) or cents. */
  amount: NonNegativeInt,
  minPaymentAmountInCents: NonNegativeInt,
})
export type DiscountCode = typeof DiscountCode.Type

/** Port: the reference codes admins have issued (GET /referencecode/get_discount_by_reference_code). */
export class DiscountCodes extends Context.Service<
  DiscountCodes,
  {
    readonly find: (code: string) => Effect.Effect<Option.Option<DiscountCode>>
  }
>()("@landunits/core/orders/ports/DiscountCodes") {
  static readonly layerMemory = (codes: ReadonlyArray<DiscountCode>) =>
    Layer.succeed(DiscountCodes)({
      find: (code) => Effect.sync(() => Option.fromNullishOr(codes.find((c) => c.code === code.trim()))),
    })
}
