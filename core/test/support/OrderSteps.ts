/** Short steps the order tests share. */
import { Effect } from "effect"
import type { MemberBucket } from "../../src/ledger/LedgerModel.ts"
import { LedgerService } from "../../src/ledger/LedgerService.ts"
import type { PaymentMethod, UnitType } from "../../src/shared/Enums.ts"
import type { MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, type OrderHarness } from "./OrderHarness.ts"

export const balance = (h: OrderHarness, memberId: MemberId, unitType: UnitType, bucket: MemberBucket) =>
  h.run(Effect.flatMap(LedgerService, (l) => l.balance(memberId, unitType, bucket)))

export const buy = (
  h: OrderHarness,
  memberId: MemberId,
  numberOfUnits: number,
  options: {
    unitType?: UnitType
    paymentMethod?: PaymentMethod
    isDoubleLand?: boolean
    referenceCode?: string
  } = {},
) =>
  h.orders.createBuy({
    confirmsBusinessPurpose: true,
    memberId,
    idempotencyKey: h.key(),
    unitType: options.unitType ?? "LAND_USD",
    numberOfUnits,
    paymentMethod: options.paymentMethod ?? "bank",
    isDoubleLand: options.isDoubleLand ?? false,
    referenceCode: options.referenceCode,
  })

/** Buys and confirms (filled from whatever the queue holds), returning the confirmation. */
export const bought = (
  h: OrderHarness,
  memberId: MemberId,
  numberOfUnits: number,
  unitType: UnitType = "LAND_USD",
) =>
  Effect.gen(function* () {
    // The confirmation's key is taken before the buy's, as the steps always have.
    const idempotencyKey = h.key()
    const { orderId } = yield* h.run(buy(h, memberId, numberOfUnits, { unitType }))
    return yield* h.run(h.orders.confirmPayment({ actor: ADMIN, idempotencyKey, orderId }))
  })

export const sell = (
  h: OrderHarness,
  memberId: MemberId,
  numberOfUnits: number,
  unitType: UnitType = "LAND_USD",
  isDoubleLand = false,
) => h.orders.createSell({ memberId, idempotencyKey: h.key(), unitType, numberOfUnits, isDoubleLand })
