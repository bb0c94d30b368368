/**
 * The use case behind the HTTP download and the admin CLI's export: a member's statement for a period,
 * read from the ports (account, KYC's business details, orders, the member's ledger transfers, payouts, price
 * schedules, the latest signed ledger checkpoint) and built
 * by `buildStatement`. Both callers use this one function, so a member and an auditor read the same numbers.
 */
import { Clock, Effect, Option } from "effect"
import { AccountNotFound } from "../accounts/AccountErrors.ts"
import { AccountRepository } from "../accounts/ports/AccountRepository.ts"
import { KycStore } from "../kyc/ports/KycStore.ts"
import { LedgerCheckpoints } from "../ledger/ports/LedgerCheckpoints.ts"
import { LedgerStore } from "../ledger/ports/LedgerStore.ts"
import { memberNaming } from "../members/MemberName.ts"
import { OrderRepository } from "../orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../orders/ports/PayoutRepository.ts"
import { priceOnDay } from "../pricing/Pricing.ts"
import { PriceSchedules } from "../pricing/ports/PriceSchedules.ts"
import type { MemberId } from "../shared/Ids.ts"
import { buildStatement, type Statement, type StatementPeriod } from "./Statement.ts"

export const loadStatement = Effect.fn("Statements.load")(function* (
  memberId: MemberId,
  period: StatementPeriod,
): Effect.fn.Return<
  Statement,
  AccountNotFound,
  | AccountRepository
  | OrderRepository
  | LedgerStore
  | LedgerCheckpoints
  | PayoutRepository
  | PriceSchedules
  | KycStore
> {
  const account = yield* (yield* AccountRepository).get(memberId)
  if (Option.isNone(account)) {
    return yield* new AccountNotFound({ message: `Member ${memberId} was not found` })
  }
  // A business member's statement names the business, with the numbers KYC collected (issue 46).
  const kyc = Option.getOrUndefined(yield* (yield* KycStore).get(memberId))
  const naming = memberNaming(account.value, kyc?.kycInfo.businessInfo)
  const orders = yield* (yield* OrderRepository).find({ involving: memberId })
  const transfers = yield* (yield* LedgerStore).transfersByMember(memberId)
  const payouts = yield* (yield* PayoutRepository).find({ memberId })
  const schedules = yield* (yield* PriceSchedules).schedules
  // The latest checkpoint, read after the transfers: the statement names what it can be checked against.
  const checkpoint = Option.getOrUndefined(yield* (yield* LedgerCheckpoints).latest)
  return buildStatement({
    memberId,
    memberName: naming.displayName,
    memberEmail: account.value.email,
    business:
      naming.contact === undefined && naming.registrationNumber === undefined
        ? undefined
        : {
            ...(naming.contact === undefined ? {} : { contact: naming.contact }),
            ...(naming.registrationNumber === undefined
              ? {}
              : { registrationNumber: naming.registrationNumber }),
            ...(naming.vatNumber === undefined ? {} : { vatNumber: naming.vatNumber }),
          },
    period,
    orders,
    transfers,
    payouts,
    priceOn: (unitType, day) => {
      const schedule = schedules.find((s) => s.unitType === unitType)
      return schedule === undefined ? undefined : priceOnDay({ ...schedule, day })
    },
    generatedAt: yield* Clock.currentTimeMillis,
    checkpoint:
      checkpoint === undefined
        ? undefined
        : {
            number: checkpoint.number,
            at: checkpoint.at,
            treeSize: checkpoint.treeSize,
            merkleRoot: checkpoint.merkleRoot,
          },
  })
})
