/** The admins' use cases on KYC (`landunits kyc list`, issue 37): the members in a KYC status, with their email. */
import { Effect } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { actorOf, optionValue } from "../access/AdminUseCase.ts"
import { emailOf } from "../accounts/MembersAdmin.ts"
import { KycStatus, KycStatuses } from "../shared/Enums.ts"
import { KycService } from "./KycService.ts"

/** Members in `status`, oldest change first (the queue). */
export const listKyc = Effect.fn("KycAdmin.list")(function* (acting: ActingAdmin, status: string) {
  const kycStatus = yield* optionValue(KycStatus, "--status", status, KycStatuses.join(", "))
  const records = yield* (yield* KycService).listByStatus(actorOf(acting), kycStatus)
  return yield* Effect.forEach(records, (r) =>
    Effect.map(emailOf(r.memberId), (email) => ({
      memberId: r.memberId,
      email: email ?? "",
      kycStatus: r.kycInfo.kycStatus,
      updatedAt: r.updatedAt,
    })),
  )
})
