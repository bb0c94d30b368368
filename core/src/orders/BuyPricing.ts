/**
 * A batch's new buys priced and made into orders (BuyBatches.ts), with the reads the unit type's lock does not guard
 * made once for the batch: the unit type's price, the payment methods' fees, the coins offered, the members' standing
 * (one read for every member of the batch) and each reference code named. Each buy is then checked and priced on its
 * own, in the order of checks a single buy always had: the business-purpose confirmation and the reference's form
 * (BuyReview.ts), the member's confirmed email, the order's size, the coin offered for a crypto buy, the code.
 */

import { Context, Effect, Layer, type Result } from "effect"
import { priceBuyOrder } from "../fees/Fees.ts"
import { ISSUANCE, member } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import type { PaymentMethod, UnitType } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { purchaseOrderReferenceOf, requireBusinessPurpose } from "./BuyReview.ts"
import { requireCryptoOffered } from "./CryptoOffers.ts"
import { EmailNotConfirmed } from "./OrderErrors.ts"
import type { BuyErrors, CommandError } from "./OrderFamilyErrors.ts"
import { OrderLimits } from "./OrderLimits.ts"
import type { NewOrderRecord } from "./OrderModel.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { CreateBuyRequest } from "./OrderRequests.ts"
import { expiryWindowMs } from "./PaymentRules.ts"
import type { NewBuyEntry } from "./ports/BuyJournal.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import type { DiscountCode } from "./ports/DiscountCodes.ts"
import type { IdempotencyRecord } from "./ports/IdempotencyStore.ts"
import { MemberStanding, type Standing, UnknownMember } from "./ports/MemberStanding.ts"

/** A new buy asked for: the member's request and the idempotency record its command saves. */
export interface BuyAsked {
  readonly request: CreateBuyRequest
  readonly key: Omit<IdempotencyRecord, "response">
}

/** A new buy priced: what it writes, and what the limits judge it by. */
export interface PricedBuy {
  readonly entry: NewBuyEntry
  readonly limits: {
    readonly memberId: MemberId
    readonly unitType: UnitType
    readonly units: number
    readonly isDoubleLand: boolean
    readonly paymentAmount: number
  }
}

/** What a buy can be refused for before its lock. */
export type BuyPricingError = CommandError<typeof BuyErrors, "createBuy">

export const makeBuyPricing = Effect.gen(function* () {
  const crypto = yield* CryptoPayments
  const ledger = yield* LedgerService
  const members = yield* MemberStanding
  const prices = yield* PriceBook
  const { requireOrderSize } = yield* OrderLimits
  const { baseRecord, externalFeeOf, findDiscount, newOrderId, now } = yield* OrderRecords

  /**
   * Each buy of `asked` (all of `unitType`) priced and made into its order and transfers, or the reason it is
   * refused, in the order asked. The shared reads are made at most once, and only when a buy needs them.
   */
  const priceBuys = Effect.fnUntraced(function* (unitType: UnitType, asked: ReadonlyArray<BuyAsked>) {
    const standings: ReadonlyMap<MemberId, Standing> = yield* members.standings([
      ...new Set(asked.map((a) => a.request.memberId)),
    ])
    const price = yield* Effect.cached(prices.unitPrice(unitType))
    const offers = yield* Effect.cached(crypto.offers)
    const fees = new Map<PaymentMethod, Effect.Effect<Effect.Success<ReturnType<typeof externalFeeOf>>>>()
    const codes = new Map<
      string,
      Effect.Effect<DiscountCode, Effect.Error<ReturnType<typeof findDiscount>>>
    >()

    const feeOf = Effect.fnUntraced(function* (method: PaymentMethod) {
      let read = fees.get(method)
      if (read === undefined) {
        read = yield* Effect.cached(externalFeeOf(method))
        fees.set(method, read)
      }
      return yield* read
    })
    const codeOf = Effect.fnUntraced(function* (code: string) {
      let read = codes.get(code)
      if (read === undefined) {
        read = yield* Effect.cached(findDiscount(code))
        codes.set(code, read)
      }
      return yield* read
    })
    const priceOne = Effect.fnUntraced(function* ({ request, key }: BuyAsked) {
      yield* requireBusinessPurpose(request.confirmsBusinessPurpose)
      const purchaseOrderReference = yield* purchaseOrderReferenceOf(request.purchaseOrderReference)
      const standing = standings.get(request.memberId)
      if (standing === undefined) {
        return yield* new UnknownMember({
          message: `Member ${request.memberId} was not found`,
          memberId: request.memberId,
        })
      }
      if (!standing.emailConfirmed) {
        return yield* new EmailNotConfirmed({
          message: "Please confirm your email address before buying Units",
        })
      }
      yield* requireOrderSize(request.numberOfUnits, "BUY")
      const unitPrice = yield* price
      yield* requireCryptoOffered(offers, request.paymentMethod, unitPrice.currency)
      const externalFee = yield* feeOf(request.paymentMethod)
      const code =
        request.referenceCode === undefined || request.referenceCode.trim() === ""
          ? undefined
          : yield* codeOf(request.referenceCode)
      const { numberOfUnits, isDoubleLand, paymentMethod } = request
      const priced = priceBuyOrder({
        numberOfUnits,
        pricePerUnit: unitPrice.pricePerUnit,
        isDoubleLand,
        buyFeeCents: unitPrice.buyOrderTransactionFeeInCents,
        externalFee,
        discount: code,
      })
      const at = yield* now
      const orderId = yield* newOrderId
      const transfers = yield* ledger.prepare(orderId, [
        { unitType, from: ISSUANCE, to: member(request.memberId, "pendingBuy"), units: numberOfUnits },
      ])
      const order: NewOrderRecord = {
        ...baseRecord({
          orderId,
          memberId: request.memberId,
          orderType: "BUY",
          at,
          currencyUnit: {
            unitType,
            numberOfUnits,
            pricePerUnit: unitPrice.pricePerUnit,
            isDoubleLand,
            buyOrderTransactionFeeInCents: unitPrice.buyOrderTransactionFeeInCents,
          },
        }),
        paymentDetails: {
          paymentAmount: priced.paymentAmount,
          paymentMethod,
          paymentMethodFees: externalFee,
          currency: unitPrice.currency,
          subTotal: priced.subTotal,
          transactionFee: priced.transactionFee,
        },
        buy: {
          ...(code === undefined
            ? {}
            : {
                referenceCode: code.code,
                discount: {
                  isPercent: code.isPercent,
                  amount: code.amount,
                  discountValue: priced.discountValue,
                  minPaymentAmountInCents: code.minPaymentAmountInCents,
                },
              }),
          ...(request.comments === undefined ? {} : { comments: request.comments }),
          ...(purchaseOrderReference === undefined ? {} : { purchaseOrderReference }),
        },
        ...(request.utmData === undefined ? {} : { utmData: request.utmData }),
        expiresAt: at + expiryWindowMs(paymentMethod),
      }
      return {
        entry: { unitType, order, transfers, key },
        limits: {
          memberId: request.memberId,
          unitType,
          units: numberOfUnits,
          isDoubleLand,
          paymentAmount: priced.paymentAmount,
        },
      } satisfies PricedBuy
    })

    const priced: Array<Result.Result<PricedBuy, BuyPricingError>> = []
    for (const one of asked) priced.push(yield* Effect.result(priceOne(one)))
    return priced
  })

  return { priceBuys }
})

/** The BuyPricing service, made by `makeBuyPricing`. */
export class BuyPricing extends Context.Service<BuyPricing, Effect.Success<typeof makeBuyPricing>>()(
  "@landunits/core/orders/BuyPricing",
) {
  static readonly layer = Layer.effect(BuyPricing)(makeBuyPricing)
}
