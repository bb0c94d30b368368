/**
 * Bank details saved before today's checks (an IBAN with wrong check digits, a UK account with no sort code) are
 * found, and an admin cannot record a payout to them as paid: the payout stays owed, with a message saying why and
 * what to do, until the member corrects them.
 */
import { Effect, Layer, type Result } from "effect"
import { describe, expect, it } from "vitest"
import { emptyKycInfo, type KycInfo } from "../../src/kyc/KycModel.ts"
import { NO_BANK_DETAILS, payoutAccountProblems } from "../../src/kyc/PayoutAccount.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import type { Payout } from "../../src/orders/OrderModel.ts"
import { markPayoutPaid } from "../../src/orders/PayoutsAdmin.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { MemberId, OrderId, PayoutId } from "../../src/shared/Ids.ts"
import { completeDetails } from "../support/KycFixtures.ts"

const bank = completeDetails.bankDetails!
const verified = (bankDetails: KycInfo["bankDetails"]): KycInfo => ({
  ...emptyKycInfo,
  kycStatus: "Verified",
  ...(bankDetails === undefined ? {} : { bankDetails }),
})

const payout: Payout = {
  payoutId: PayoutId.make("pay_1"),
  memberId: MemberId.make("mem_alice"),
  sellOrderId: OrderId.make("ord_sell"),
  buyOrderId: OrderId.make("ord_buy"),
  unitType: "LAND_POUND",
  units: 3,
  pricePerUnit: 10_000,
  amountCents: 3_000,
  currency: "GBP",
  status: "Initiated",
  statusHistory: [{ status: "Initiated", at: 0 }],
  createdAt: 0,
}

/** markPayoutPaid's prepare (and recheck, as at a second admin's approval) with the member's stored KYC. */
const attempt = (kycInfo: KycInfo) =>
  Effect.runSync(
    Effect.gen(function* () {
      yield* (yield* PayoutRepository).insert([payout])
      yield* (yield* KycStore).save({ memberId: payout.memberId, kycInfo, updatedAt: 0 })
      const params = { payoutId: payout.payoutId }
      return {
        prepared: yield* Effect.result(markPayoutPaid.prepare(params)),
        rechecked: yield* Effect.result(markPayoutPaid.recheck!(params)),
      }
    }).pipe(
      Effect.provide(Layer.merge(PayoutRepository.layerMemory, KycStore.layerMemory)),
    ) as Effect.Effect<{
      readonly prepared: Result.Result<unknown, unknown>
      readonly rechecked: Result.Result<void, unknown>
    }>,
  )

describe("a payout to bank details that fail today's checks", () => {
  it("passes a UK account by its sort code or by its IBAN; names a sort code beside another account's IBAN", () => {
    expect(payoutAccountProblems(verified(bank))).toEqual([])
    expect(payoutAccountProblems(verified({ ...bank, iban: "GB29NWBK60161331926819" }))).toEqual([
      "sortCode: Sort code and account number do not match the IBAN",
    ])
    const { sortCode: _, ...withoutSortCode } = bank
    expect(payoutAccountProblems(verified({ ...withoutSortCode, iban: "GB29NWBK60161331926819" }))).toEqual(
      [],
    )
  })

  it("names a stored IBAN with wrong check digits, a UK account without a sort code, and no details at all", () => {
    const { sortCode: _, ...withoutSortCode } = bank
    expect(payoutAccountProblems(verified({ ...withoutSortCode, iban: "GB00NWBK60161331926819" }))).toEqual([
      "iban: IBAN check digits do not match: check it for a mistyped or swapped character",
    ])
    expect(payoutAccountProblems(verified(withoutSortCode))).toEqual([
      "sortCode: Sort code is required for a UK account without an IBAN",
    ])
    expect(payoutAccountProblems(verified(undefined))).toEqual([NO_BANK_DETAILS])
  })

  it("is refused before it is paid or filed for approval, and again at approval, saying what to do", () => {
    const { sortCode: _, ...withoutSortCode } = bank
    const { prepared, rechecked } = attempt(verified({ ...withoutSortCode, iban: "GB00NWBK60161331926819" }))
    for (const answer of [prepared, rechecked]) {
      expect(answer._tag).toBe("Failure")
      const message = answer._tag === "Failure" ? (answer.failure as { message: string }).message : ""
      expect(message).toContain("Payout pay_1 cannot be paid")
      expect(message).toContain("IBAN check digits do not match")
      expect(message).toContain("It stays owed")
      expect(message).toContain("correct their bank details")
    }
  })

  it("goes ahead to bank details that pass", () => {
    const { prepared, rechecked } = attempt(verified(bank))
    expect(prepared._tag).toBe("Success")
    expect(rechecked._tag).toBe("Success")
  })
})
