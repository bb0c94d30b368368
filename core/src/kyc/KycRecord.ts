/**
 * A member's KYC as the KYC store keeps it. The status is `kycInfo.kycStatus` (one source of truth).
 */
import { Schema } from "effect"
import { MemberId } from "../shared/Ids.ts"
import { KycInfo } from "./KycModel.ts"

export const KycRecord = Schema.Struct({
  memberId: MemberId,
  kycInfo: KycInfo,
  /** The reason the admin gave when last refusing verification; kept while the member fixes and resubmits, cleared when Verified. */
  notApprovedReason: Schema.optionalKey(Schema.String),
  /** Epoch milliseconds of the last change. */
  updatedAt: Schema.Int,
})
export type KycRecord = typeof KycRecord.Type
