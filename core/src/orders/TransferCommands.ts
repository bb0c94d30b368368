/** The transfer command: Units to another member, at once (the name the sender sees first: RecipientLookup.ts). */

import { Effect } from "effect"
import { member } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import { transferReceivedNotice, transferSentNotice } from "./OrderEmails.ts"
import { OrderLimits } from "./OrderLimits.ts"
import { currencyUnitFromSource } from "./OrderModel.ts"
import { OrderNotifier } from "./OrderNotifier.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { CreateTransferRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"
import { nameShownToOthers, recipientFor } from "./RecipientLookup.ts"
import { VerifiedMemberCommand } from "./VerifiedMemberCommand.ts"

export const makeTransferCommands = Effect.gen(function* () {
  const ledger = yield* LedgerService
  const members = yield* MemberStanding
  const orders = yield* OrderRepository
  const prices = yield* PriceBook
  const uow = yield* UnitOfWork
  const { verifiedMemberCommand } = yield* VerifiedMemberCommand
  const { checkVested } = yield* OrderLimits
  const { baseRecord, newOrderId, now, sourceOf, transition } = yield* OrderRecords
  const { notify } = yield* OrderNotifier

  const createTransfer = (request: CreateTransferRequest) =>
    verifiedMemberCommand(
      "createTransfer",
      request,
      "Transferring Units",
      "TRANSFER",
      Effect.gen(function* () {
        const { unitType, numberOfUnits, memberId } = request
        const recipient = yield* recipientFor(members, memberId, request.recipientEmail)
        const source = sourceOf(request.isDoubleLand)
        const price = yield* prices.unitPrice(unitType)
        yield* uow.lockUnitTypes([unitType])
        if (source === "owned_DOUBLE_LAND") yield* checkVested(memberId, unitType, numberOfUnits)
        const at = yield* now
        const orderId = yield* newOrderId
        yield* ledger.post(orderId, [
          {
            unitType,
            from: member(memberId, source),
            to: member(recipient.memberId, "owned"),
            units: numberOfUnits,
          },
        ])
        const inserted = yield* orders.insert({
          ...baseRecord({
            orderId,
            memberId,
            orderType: "TRANSFER",
            at,
            currencyUnit: currencyUnitFromSource({
              unitType,
              numberOfUnits,
              pricePerUnit: price.pricePerUnit,
              source,
            }),
          }),
          transfer: { recipientEmail: recipient.email },
          recipientMemberId: recipient.memberId,
        })
        const completed = yield* transition(inserted, "Completed", at, { actor: byMember(memberId) })
        yield* orders.update(completed)
        const sender = yield* members.standing(memberId)
        // Both sides hear of it, each naming the other as core names members (the business for a business).
        yield* notify(recipient.memberId, transferReceivedNotice(completed, sender.name))
        yield* notify(memberId, transferSentNotice(completed, nameShownToOthers(recipient)))
        return completed
      }),
    )

  return { createTransfer }
})
