/**
 * The member row the narrow views of members read (MemberStandingPg, MemberDirectoryPg): an account with its KYC
 * status, over the accounts and KYC tables.
 */
import type { KycStatus, UserType } from "@landunits/core/shared/Enums.ts"

export interface MemberRow {
  readonly member_id: string
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly user_type: UserType
  /** Registration's business name (business members), null otherwise. */
  readonly business_name: string | null
  /** KYC's business name, once given; null otherwise. */
  readonly kyc_business_name: string | null
  /** The account's `closedAt` (epoch ms, a JSON number), null while open. */
  readonly closed_at: number | null
  readonly confirmed: boolean
  readonly kyc_status: KycStatus | null
  /** The account's `disabledAt` (epoch ms, a JSON number), null while enabled. */
  readonly disabled_at: number | null
}

export const SELECT_MEMBER = `
  SELECT a.member_id, a.email, a.record->>'firstName' AS first_name, a.record->>'lastName' AS last_name,
         a.record->>'userType' AS user_type, a.record->>'businessName' AS business_name,
         k.record->'kycInfo'->'businessInfo'->>'businessName' AS kyc_business_name,
         (a.record ? 'emailConfirmedAt') AS confirmed, k.kyc_status,
         a.record->'disabledAt' AS disabled_at, a.record->'closedAt' AS closed_at
  FROM accounts a LEFT JOIN kyc_records k ON k.member_id = a.member_id`
