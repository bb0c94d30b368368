/**
 * A member's command that moves Units they hold (sell, transfer, convert): the guard of its use case
 * (MemberGuard), then idempotent under the member's scope (OrderCommandRunner), refused unless the member is KYC
 * Verified and the order's size is allowed (OrderLimits), before its body runs.
 */

import { Context, Effect, Layer } from "effect"
import { type Actor, memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import type { MemberUseCase } from "../access/MemberUseCases.ts"
import type { IdempotencyKey, MemberId } from "../shared/Ids.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { OrderLimits } from "./OrderLimits.ts"

/** The member use case (MemberUseCases.ts) of each order type that moves Units out. */
const MOVES_OUT_USE_CASE = {
  SELL: "sell",
  TRANSFER: "transfer",
  CONVERT: "convert",
} as const satisfies Record<"SELL" | "TRANSFER" | "CONVERT", MemberUseCase>

export const makeVerifiedMemberCommand = Effect.gen(function* () {
  const guard = yield* MemberGuard
  const { command, memberScope } = yield* OrderCommandRunner
  const { requireOrderSize, requireVerified } = yield* OrderLimits

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

  return { verifiedMemberCommand }
})

/** The frame of sell, transfer and convert; one per engine: OrderService.layer provides it to those families. */
export class VerifiedMemberCommand extends Context.Service<
  VerifiedMemberCommand,
  Effect.Success<typeof makeVerifiedMemberCommand>
>()("@landunits/core/orders/VerifiedMemberCommand") {
  static readonly layer = Layer.effect(VerifiedMemberCommand)(makeVerifiedMemberCommand)
}
