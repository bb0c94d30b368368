/**
 * The sell commands: put Units in the sales queue (less the fee), cancel the unsold rest.
 */

import { Effect } from "effect"
import { isSellAboveFee, sellQueuedUnits } from "../fees/Fees.ts"
import { FEES, member, type TransferDraft } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import { unitDisplayName } from "../shared/Enums.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { salePlacedNotice } from "./OrderEmails.ts"
import { SellNotAboveFee, UnitsUnavailable } from "./OrderErrors.ts"
import { OrderLimits } from "./OrderLimits.ts"
import { OrderLocks } from "./OrderLocks.ts"
import { currencyUnitFromSource, type OrderRecord } from "./OrderModel.ts"
import { OrderNotifier } from "./OrderNotifier.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { CreateSellRequest, MemberOrderRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"
import { remainingInQueue } from "./SalesQueue.ts"
import { VerifiedMemberCommand } from "./VerifiedMemberCommand.ts"

export const makeSellCommands = Effect.gen(function* () {
  const ledger = yield* LedgerService
  const orders = yield* OrderRepository
  const payoutRepo = yield* PayoutRepository
  const prices = yield* PriceBook
  const uow = yield* UnitOfWork
  const { command, memberScope } = yield* OrderCommandRunner
  const { verifiedMemberCommand } = yield* VerifiedMemberCommand
  const { ownOrder } = yield* OrderLocks
  const { checkVested, remainingOf } = yield* OrderLimits
  const { baseRecord, newOrderId, now, sourceOf, transition } = yield* OrderRecords
  const { notify } = yield* OrderNotifier

  const createSell = (request: CreateSellRequest) =>
    verifiedMemberCommand(
      "createSell",
      request,
      "Selling Units",
      "SELL",
      Effect.gen(function* () {
        const { unitType, numberOfUnits, memberId } = request
        const price = yield* prices.unitPrice(unitType)
        const feeUnits = price.sellOrderTransactionFeeInUnits
        if (!isSellAboveFee(numberOfUnits, feeUnits)) {
          return yield* new SellNotAboveFee({
            message: `A sell must be more than its fee of ${feeUnits} Units`,
            feeUnits,
          })
        }
        const source = sourceOf(request.isDoubleLand)
        yield* uow.lockUnitTypes([unitType])
        if (source === "owned_DOUBLE_LAND") yield* checkVested(memberId, unitType, numberOfUnits)
        const at = yield* now
        const orderId = yield* newOrderId
        // The same formula the sell review quotes (Fees.ts sellQuote).
        const queuedUnits = sellQueuedUnits(numberOfUnits, feeUnits)
        const drafts: Array<TransferDraft> = [
          {
            unitType,
            from: member(memberId, source),
            to: member(memberId, "pendingSell"),
            units: queuedUnits,
          },
        ]
        if (feeUnits > 0) drafts.push({ unitType, from: member(memberId, source), to: FEES, units: feeUnits })
        yield* ledger.post(orderId, drafts)
        const initiated = baseRecord({
          orderId,
          memberId,
          orderType: "SELL",
          at,
          currencyUnit: {
            ...currencyUnitFromSource({ unitType, numberOfUnits, pricePerUnit: price.pricePerUnit, source }),
            sellOrderTransactionFeeInUnits: feeUnits,
          },
        })
        const inserted = yield* orders.insert({
          ...initiated,
          sell: { source, feeUnits, queuedUnits, soldUnits: 0, cancelledUnits: 0 },
        })
        const inProcess = yield* transition(inserted, "InProcess", at, { actor: byMember(memberId) })
        yield* orders.update(inProcess)
        yield* notify(memberId, salePlacedNotice(inProcess))
        return inProcess
      }),
    )

  const cancelSellRest = (request: MemberOrderRequest) =>
    command(
      memberScope(request.memberId),
      "cancelSellRest",
      request,
      Effect.gen(function* () {
        const order = yield* ownOrder(request.memberId, request.orderId, "SELL")
        const progress = order.sell!
        const rest = remainingInQueue(progress)
        const at = yield* now
        const sellPayouts = yield* payoutRepo.find({ sellOrderId: order.orderId })
        const target =
          progress.soldUnits === 0
            ? "Cancelled"
            : sellPayouts.every((p) => p.status === "Completed")
              ? "Completed"
              : "AllUnitSold"
        const moved = yield* transition(order, target, at, {
          actor: request.actor ?? byMember(request.memberId),
          reason:
            request.reason ??
            (target === "Cancelled" ? undefined : `The unsold ${rest} Units taken back from the sales queue`),
        })
        const { unitType } = order.currencyUnit
        // Taking Units back out of the queue counts against the land capacity again (spec §5 formula).
        const price = (yield* prices.unitPrice(unitType)).pricePerUnit
        const available = yield* remainingOf(unitType, price)
        if (available < rest) {
          return yield* new UnitsUnavailable({
            message:
              `Only ${available} of your queued ${unitDisplayName(unitType)} can be taken back now: ` +
              "the rest are promised to purchases waiting for payment",
          })
        }
        yield* ledger.post(order.orderId, [
          {
            unitType,
            from: member(order.memberId, "pendingSell"),
            to: member(order.memberId, progress.source),
            units: rest,
          },
        ])
        const updated: OrderRecord = {
          ...moved,
          sell: { ...progress, cancelledUnits: progress.cancelledUnits + rest },
        }
        yield* orders.update(updated)
        return updated
      }),
    )

  return { createSell, cancelSellRest }
})
