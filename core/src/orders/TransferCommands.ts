/** The transfer command: Units to another member, at once (the name the sender sees first: RecipientLookup.ts). */

import { Effect } from "effect"
import { member } from "../ledger/LedgerModel.ts"
import type { OrderFrame } from "./OrderCommandFrame.ts"
import { transferReceivedNotice } from "./OrderEmails.ts"
import { InvalidOrderRequest } from "./OrderErrors.ts"
import { currencyUnitFromSource } from "./OrderModel.ts"
import type { CreateTransferRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { findRecipient, TRANSFER_TO_SELF } from "./RecipientLookup.ts"

export const makeTransferCommands = (frame: OrderFrame) => {
  const {
    baseRecord,
    checkVested,
    ledger,
    members,
    newOrderId,
    notify,
    now,
    orders,
    prices,
    sourceOf,
    transition,
    uow,
    verifiedMemberCommand,
  } = frame

  const createTransfer = (request: CreateTransferRequest) =>
    verifiedMemberCommand(
      "createTransfer",
      request,
      "Transferring Units",
      "TRANSFER",
      Effect.gen(function* () {
        const { unitType, numberOfUnits, memberId } = request
        const recipient = yield* findRecipient(members, request.recipientEmail)
        if (recipient.memberId === memberId)
          return yield* new InvalidOrderRequest({ message: TRANSFER_TO_SELF })
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
        yield* notify(recipient.memberId, transferReceivedNotice(completed, sender.name))
        return completed
      }),
    )

  return { createTransfer }
}
