/**
 * The business name's one rule (issue 46): at least 3 characters (spec §5, KYC), at most 255, trimmed. The
 * registration forms and KYC's business details take it from here, so a name registration accepts is one KYC
 * accepts too.
 */
import { maxLength, minLength, optionalText, requiredText } from "./Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "./Messages.ts"

export const BUSINESS_NAME_MIN_LENGTH = 3

const businessNameChecks = [
  minLength(BUSINESS_NAME_MIN_LENGTH, H.businessNameMinLength),
  maxLength(255, H.businessNameMaxLength),
] as const

/** A business name that must be given ('Business name is required'). */
export const RequiredBusinessName = requiredText(S.businessNameRequired, ...businessNameChecks)

/** A business name that may be left blank (the landing form, the API's payload of an individual). */
export const OptionalBusinessName = optionalText(...businessNameChecks)
