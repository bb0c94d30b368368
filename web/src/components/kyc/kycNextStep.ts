/**
 * What a member should do next about their identity check (issue 27: "KYC that leads"), from their KYC status
 * and the required details still missing: the words of the banner the dashboard shows until they are
 * Verified, and where its link goes. Verified members have nothing to do (undefined).
 */
import { missingRequiredFields } from "@landunits/core/kyc/KycLifecycle.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"

export const KYC_PAGE = "/dashboard/settings/kyc-verification"

export interface KycNextStep {
  /** "todo": the member must act; "waiting": we are checking, nothing to do but read. */
  readonly tone: "todo" | "waiting"
  readonly text: string
  readonly link: { readonly label: string; readonly href: string }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const kycNextStep = (user: User): KycNextStep | undefined => {
  const missing = missingRequiredFields(user.kycInfo, user.userType)
  switch (user.kycInfo.kycStatus) {
    case "Verified":
      return undefined
    case "UnVerified":
      return {
        tone: "todo",
        text: "Verify your identity to sell, transfer and convert Units and to receive payouts. Have your passport and bank details at hand.",
        link: { label: "Start verification", href: `${KYC_PAGE}#kyc-details` },
      }
    case "Details Saved":
      return missing.length > 0
        ? {
            tone: "todo",
            text: `Your identity details are saved as a draft: ${plural(missing.length, "required detail is", "required details are")} still missing.`,
            link: { label: "Complete your details", href: `${KYC_PAGE}#kyc-details` },
          }
        : {
            tone: "todo",
            text: "Your identity details are complete but not sent yet: send them for review.",
            link: { label: "Send for review", href: `${KYC_PAGE}#kyc-details` },
          }
    case "Pending Verification":
      return {
        tone: "waiting",
        text: "We are checking your identity details and will email you the decision.",
        link: { label: "See your verification status", href: `${KYC_PAGE}#verification-status` },
      }
    case "Not Approved":
      return {
        tone: "todo",
        text: "Your identity details were not approved: the email we sent says why. Change what is needed and send them for review again.",
        link: { label: "Fix your details", href: `${KYC_PAGE}#kyc-details` },
      }
  }
}
