/** A member's KYC as its owner and admins see it (KycService.ts): the details, what is missing, the tooltip. */
import type { MemberId } from "../shared/Ids.ts"
import { missingRequiredFields, type VerificationTooltip, verificationTooltip } from "./KycLifecycle.ts"
import type { KycInfo } from "./KycModel.ts"
import type { KycRecord } from "./KycRecord.ts"
import type { MemberContact } from "./ports/MemberDirectory.ts"

/** A member's KYC as its owner and admins see it. */
export interface KycView {
  readonly memberId: MemberId
  readonly kycInfo: KycInfo
  readonly missingFields: ReadonlyArray<string>
  readonly tooltip: VerificationTooltip
  readonly notApprovedReason?: string
}

export const viewOf = (record: KycRecord, contact: MemberContact): KycView => ({
  memberId: record.memberId,
  kycInfo: record.kycInfo,
  missingFields: missingRequiredFields(record.kycInfo, contact.userType),
  tooltip: verificationTooltip(record.kycInfo, contact.userType),
  ...(record.notApprovedReason === undefined ? {} : { notApprovedReason: record.notApprovedReason }),
})
