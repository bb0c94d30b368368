/**
 * The convert command: Units of one type into another at the day's rate, locked 30 days; the remainder (the
 * value of the source Units that bought no whole target Unit) becomes a payout owed to the member, in the same
 * unit of work, through the payouts a sale's proceeds use (PayoutCommands.ts pays it).
 */

import { Effect } from "effect"
import { checkConvertLimit, convertibleUnits, convertLimitMessage } from "../availability/Availability.ts"
import { FEES, ISSUANCE, member, type TransferDraft } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { ExchangeRates } from "../pricing/ports/ExchangeRates.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import { CONVERT_LOCK_MS } from "../shared/Constants.ts"
import { CurrencyOfUnitType, unitDisplayName } from "../shared/Enums.ts"
import { PayoutId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { convertQuote, maxUnitsConvertingInto } from "./Convert.ts"
import { ConvertLimitExceeded, ConvertTooSmall, InvalidOrderRequest } from "./OrderErrors.ts"
import { OrderLimits } from "./OrderLimits.ts"
import type { Payout } from "./OrderModel.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { CreateConvertRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"
import { VerifiedMemberCommand } from "./VerifiedMemberCommand.ts"

export const makeConvertCommands = Effect.gen(function* () {
  const ids = yield* IdGenerator
  const ledger = yield* LedgerService
  const orders = yield* OrderRepository
  const payoutRepo = yield* PayoutRepository
  const prices = yield* PriceBook
  const rates = yield* ExchangeRates
  const uow = yield* UnitOfWork
  const { verifiedMemberCommand } = yield* VerifiedMemberCommand
  const { remainingOf } = yield* OrderLimits
  const { baseRecord, newOrderId, now, transition } = yield* OrderRecords

  const createConvert = (request: CreateConvertRequest) =>
    verifiedMemberCommand(
      "createConvert",
      request,
      "Converting Units",
      "CONVERT",
      Effect.gen(function* () {
        const { fromUnitType, toUnitType, numberOfUnits, memberId } = request
        if (fromUnitType === toUnitType) {
          return yield* new InvalidOrderRequest({
            message: "Choose two different unit types to convert between",
          })
        }
        const from = yield* prices.unitPrice(fromUnitType)
        const to = yield* prices.unitPrice(toUnitType)
        const feeUnits = from.convertOrderTransactionFeeInUnits
        // Both unit types, in the one order every command takes them: A → B never deadlocks with B → A.
        yield* uow.lockUnitTypes([fromUnitType, toUnitType])
        const owned = yield* ledger.balance(memberId, fromUnitType, "owned")
        const overLimit = checkConvertLimit({
          ownedUnits: owned,
          requestedUnits: numberOfUnits,
          feeUnits,
          unitType: fromUnitType,
        })
        if (overLimit !== undefined) return yield* new ConvertLimitExceeded({ message: overLimit })
        const rate = yield* rates.rate(from.currency, to.currency)
        const prices_ = {
          fromPricePerUnit: from.pricePerUnit,
          toPricePerUnit: to.pricePerUnit,
          exchangeRate: rate.rate,
        }
        const quote = convertQuote({ units: numberOfUnits, feeUnits, ...prices_ })
        const converted = quote.units
        if (converted === 0) {
          return yield* new ConvertTooSmall({
            message: `${numberOfUnits} ${unitDisplayName(fromUnitType)} are worth less than one ${unitDisplayName(toUnitType)} today`,
          })
        }
        const room = yield* remainingOf(toUnitType, to.pricePerUnit)
        if (converted > room) {
          const most = Math.min(maxUnitsConvertingInto(room, prices_), convertibleUnits(owned, feeUnits))
          return yield* new ConvertLimitExceeded({ message: convertLimitMessage(most, fromUnitType) })
        }
        const at = yield* now
        const orderId = yield* newOrderId
        const drafts: Array<TransferDraft> = [
          { unitType: fromUnitType, from: member(memberId, "owned"), to: ISSUANCE, units: numberOfUnits },
          {
            unitType: toUnitType,
            from: ISSUANCE,
            to: member(memberId, "convertLocked"),
            units: converted,
          },
        ]
        if (feeUnits > 0) {
          drafts.push({
            unitType: fromUnitType,
            from: member(memberId, "owned"),
            to: FEES,
            units: feeUnits,
          })
        }
        yield* ledger.post(orderId, drafts)
        const remainderCurrency = CurrencyOfUnitType[fromUnitType]
        // The remainder is the member's (shared/decisions.md, "Converts"): owed to them as a payout, never kept.
        const remainder: Payout | undefined =
          quote.remainderCents === 0
            ? undefined
            : {
                payoutId: PayoutId.make(yield* ids.next("pay")),
                memberId,
                kind: "convertRemainder",
                sellOrderId: orderId,
                buyOrderId: orderId,
                unitType: fromUnitType,
                units: 0,
                pricePerUnit: from.pricePerUnit,
                amountCents: quote.remainderCents,
                currency: remainderCurrency,
                status: "Initiated",
                statusHistory: [{ status: "Initiated", at }],
                createdAt: at,
              }
        if (remainder !== undefined) yield* payoutRepo.insert([remainder])
        const inserted = yield* orders.insert({
          ...baseRecord({
            orderId,
            memberId,
            orderType: "CONVERT",
            at,
            currencyUnit: {
              unitType: fromUnitType,
              numberOfUnits,
              pricePerUnit: from.pricePerUnit,
              isDoubleLand: false,
              convertOrderTransactionFeeInUnits: feeUnits,
            },
          }),
          convert: {
            numberOfUnits: converted,
            unitType: toUnitType,
            pricePerUnit: to.pricePerUnit,
            exchangeRate: rate.rate,
            remainderInCents: quote.remainderCents,
            remainderCurrency,
            ...(remainder === undefined ? {} : { remainderPayoutId: remainder.payoutId }),
            convertOrderTransactionFeeInCents: quote.feeCents,
          },
          unlockAt: at + CONVERT_LOCK_MS,
        })
        const locked = yield* transition(inserted, "Locked", at, { actor: byMember(memberId) })
        yield* orders.update(locked)
        return locked
      }),
    )

  return { createConvert }
})
