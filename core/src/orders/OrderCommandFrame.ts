/**
 * The command frame every order command runs in: the ports, one unit of work idempotent under its key, the
 * locks of the unit types an order moves, the status transitions, and the checks and records several
 * families share. The command families (BuyCommands, SellCommands, …) take it; OrderService composes them.
 *
 * The frame is composed of small parts: the idempotent command runner (OrderCommandRunner.ts), the locks
 * (OrderLocks.ts), the checks and limits (OrderLimits.ts), the record building (OrderRecords.ts) and the
 * members' emails (OrderNotifier.ts).
 */

import { Effect } from "effect"
import { type Actor, memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import type { MemberUseCase } from "../access/MemberUseCases.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { LedgerStore } from "../ledger/ports/LedgerStore.ts"
import { ExchangeRates } from "../pricing/ports/ExchangeRates.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import type { IdempotencyKey, MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { makeOrderCommandRunner } from "./OrderCommandRunner.ts"
import { makeOrderLimits } from "./OrderLimits.ts"
import { makeOrderLocks } from "./OrderLocks.ts"
import { makeOrderNotifier } from "./OrderNotifier.ts"
import { makeOrderRecords } from "./OrderRecords.ts"
import { BankTransfers } from "./ports/BankTransfers.ts"
import { BuyJournal } from "./ports/BuyJournal.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import { DiscountCodes } from "./ports/DiscountCodes.ts"
import { IdempotencyStore } from "./ports/IdempotencyStore.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"
import { SquareGateway } from "./ports/SquareGateway.ts"
import { StripeGateway } from "./ports/StripeGateway.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"

/** The member use case (MemberUseCases.ts) of each order type that moves Units out. */
const MOVES_OUT_USE_CASE = {
  SELL: "sell",
  TRANSFER: "transfer",
  CONVERT: "convert",
} as const satisfies Record<"SELL" | "TRANSFER" | "CONVERT", MemberUseCase>

export const makeOrderFrame = Effect.gen(function* () {
  const uow = yield* UnitOfWork
  const idempotency = yield* IdempotencyStore
  const orders = yield* OrderRepository
  const buyJournal = yield* BuyJournal
  const payoutRepo = yield* PayoutRepository
  const ledger = yield* LedgerService
  const ledgerStore = yield* LedgerStore
  const holdings = yield* HoldingsService
  const prices = yield* PriceBook
  const rates = yield* ExchangeRates
  const members = yield* MemberStanding
  const discounts = yield* DiscountCodes
  const stripe = yield* StripeGateway
  const square = yield* SquareGateway
  const bank = yield* BankTransfers
  const crypto = yield* CryptoPayments
  const ids = yield* IdGenerator
  const guard = yield* MemberGuard
  const runner = yield* makeOrderCommandRunner
  const limits = yield* makeOrderLimits
  const locks = yield* makeOrderLocks
  const records = yield* makeOrderRecords
  const { notify } = yield* makeOrderNotifier
  const { command, memberScope } = runner
  const { requireOrderSize, requireVerified } = limits

  /**
   * A member's command that moves Units they hold (sell, transfer, convert): idempotent under the member's
   * scope, and refused unless the member is KYC Verified (`action` names it in the message) and the order's
   * size is allowed, before `body` runs.
   */
  const verifiedMemberCommand = <A, E>(
    name: string,
    request: {
      readonly memberId: MemberId
      readonly idempotencyKey: IdempotencyKey
      readonly numberOfUnits: number
      /** Who asks, on which session (MemberGuard); without it, the member acting with no session. */
      readonly actor?: Actor | undefined
    },
    action: string,
    orderType: "SELL" | "TRANSFER" | "CONVERT",
    body: Effect.Effect<A, E>,
  ) =>
    Effect.andThen(
      // Each moves Units out of the account: the guard of its use case, before any read of the order's own.
      guard.require(
        MOVES_OUT_USE_CASE[orderType],
        request.actor?.memberId === request.memberId ? request.actor : memberActor(request.memberId),
      ),
      command(
        memberScope(request.memberId),
        name,
        request,
        Effect.andThen(
          Effect.andThen(
            requireVerified(request.memberId, action),
            requireOrderSize(request.numberOfUnits, orderType),
          ),
          body,
        ),
      ),
    )

  return {
    ...runner,
    ...limits,
    ...locks,
    ...records,
    notify,
    verifiedMemberCommand,
    uow,
    idempotency,
    orders,
    buyJournal,
    payoutRepo,
    ledger,
    ledgerStore,
    holdings,
    prices,
    rates,
    members,
    discounts,
    stripe,
    square,
    bank,
    crypto,
    ids,
  }
})

export type OrderFrame = Effect.Success<typeof makeOrderFrame>
