/**
 * The system's order jobs: expire unpaid buys past their window, unlock converted Units after 30 days.
 */

import { Effect } from "effect"
import { member } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { Durations } from "../shared/Constants.ts"
import { UnitTypes } from "../shared/Enums.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { convertUnlockedNotice } from "./OrderEmails.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { OrderNotifier } from "./OrderNotifier.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { SystemRequest } from "./OrderRequests.ts"
import { byJob } from "./OrderTimeline.ts"
import { EXPIRING_BUY_STATUSES } from "./OrderTransitions.ts"
import { expiryWindowMs } from "./PaymentRules.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"

const hoursText = (ms: number) => {
  const hours = ms / Durations.HOUR
  return hours === 1 ? "1 hour" : `${hours} hours`
}

export const makeOrderJobs = Effect.gen(function* () {
  const ledger = yield* LedgerService
  const orders = yield* OrderRepository
  const uow = yield* UnitOfWork
  const { command } = yield* OrderCommandRunner
  const { now, releaseDrafts, transition } = yield* OrderRecords
  const { notify } = yield* OrderNotifier

  const expireDue = (request: SystemRequest) =>
    command(
      "system",
      "expireDue",
      request,
      Effect.gen(function* () {
        // Due orders of any unit type: every unit type's lock, in the one order.
        yield* uow.lockUnitTypes(UnitTypes)
        const at = yield* now
        const due = (yield* orders.find({ orderType: "BUY", statuses: EXPIRING_BUY_STATUSES })).filter(
          (o) => o.expiresAt !== undefined && o.expiresAt <= at,
        )
        const expired: Array<OrderRecord> = []
        for (const order of due) {
          const method = order.paymentDetails?.paymentMethod ?? "None"
          const moved = yield* transition(order, "Expired", at, {
            actor: request.actor ?? byJob("paymentDeadline"),
            reason: `Not paid within ${hoursText(expiryWindowMs(method))}: its Units were released`,
          })
          yield* ledger.post(order.orderId, releaseDrafts(order))
          yield* orders.update(moved)
          expired.push(moved)
        }
        return expired
      }),
    )

  const unlockDue = (request: SystemRequest) =>
    command(
      "system",
      "unlockDue",
      request,
      Effect.gen(function* () {
        // Due orders of any unit type: every unit type's lock, in the one order.
        yield* uow.lockUnitTypes(UnitTypes)
        const at = yield* now
        const due = (yield* orders.find({ orderType: "CONVERT", statuses: ["Locked"] })).filter(
          (o) => o.unlockAt !== undefined && o.unlockAt <= at,
        )
        const unlocked: Array<OrderRecord> = []
        for (const order of due) {
          const completed = yield* transition(order, "Completed", at, {
            actor: request.actor ?? byJob("convertLock"),
            reason: "The 30-day lock ended: the Units moved to owned",
          })
          const convert = order.convert!
          yield* ledger.post(order.orderId, [
            {
              unitType: convert.unitType,
              from: member(order.memberId, "convertLocked"),
              to: member(order.memberId, "owned"),
              units: convert.numberOfUnits,
            },
          ])
          yield* orders.update(completed)
          yield* notify(order.memberId, convertUnlockedNotice(completed))
          unlocked.push(completed)
        }
        return unlocked
      }),
    )

  return { expireDue, unlockDue }
})
