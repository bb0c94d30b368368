/**
 * How a member is named, once for every place that names one (statements, emails, the dashboard's greeting,
 * transfers): a business member acts as the business, so its display name is the business name, with the
 * person as the contact; an individual is the person. The business name is KYC's when the member gave it
 * there (it is the later and checked one), else registration's.
 */
import type { UserType } from "../shared/Enums.ts"

/** What naming needs of a member: an account, a User or a session's user all have these. */
export interface NameableMember {
  readonly firstName: string
  readonly lastName: string
  readonly userType: UserType
  /** Registration's business name (business members). */
  readonly businessName?: string | undefined
  /** Set once the account is closed: its names are pseudonymised, so KYC's kept business name names it no more. */
  readonly closedAt?: number | undefined
}

/** KYC's business details, when the member gave them. */
export interface BusinessIdentity {
  readonly businessName?: string | undefined
  readonly registrationNumber?: string | undefined
  readonly vatNumber?: string | undefined
}

/** How a member is named where it acts. */
export interface MemberNaming {
  /** The name to show: the business for a business member, else the person. */
  readonly displayName: string
  /** The person behind a business ("Greta Green"); absent for an individual (the display name is the person). */
  readonly contact?: string
  /** The name to greet with: the business, or the person's first name. */
  readonly greeting: string
  readonly registrationNumber?: string
  readonly vatNumber?: string
}

const filled = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim() ?? ""
  return trimmed === "" ? undefined : trimmed
}

/** "Greta Green"; "Greta" when there is no last name. */
export const personName = (member: Pick<NameableMember, "firstName" | "lastName">): string =>
  `${member.firstName.trim()} ${member.lastName.trim()}`.trim()

/**
 * The business name of a business member (KYC's, else registration's); undefined for an individual. KYC's form
 * starts from it, so a business name given at registration is there to check, not to type again.
 */
export const businessNameOf = (
  member: Pick<NameableMember, "userType" | "businessName" | "closedAt">,
  business?: BusinessIdentity,
): string | undefined =>
  member.userType !== "BUSINESS"
    ? undefined
    : member.closedAt !== undefined
      ? filled(member.businessName)
      : (filled(business?.businessName) ?? filled(member.businessName))

export const memberNaming = (member: NameableMember, business?: BusinessIdentity): MemberNaming => {
  const person = personName(member)
  const company = businessNameOf(member, business)
  if (company === undefined) {
    return { displayName: person, greeting: filled(member.firstName) ?? person }
  }
  const kept = member.closedAt === undefined ? business : undefined
  const registrationNumber = filled(kept?.registrationNumber)
  const vatNumber = filled(kept?.vatNumber)
  return {
    displayName: company,
    ...(person === "" ? {} : { contact: person }),
    greeting: company,
    ...(registrationNumber === undefined ? {} : { registrationNumber }),
    ...(vatNumber === undefined ? {} : { vatNumber }),
  }
}

/** The name to show for a member: the business for a business member, else the person. */
export const memberDisplayName = (member: NameableMember, business?: BusinessIdentity): string =>
  memberNaming(member, business).displayName

/** "Acme Ltd (contact: Greta Green)" for a business member, "Greta Green" for an individual. */
export const memberNameWithContact = (member: NameableMember, business?: BusinessIdentity): string => {
  const naming = memberNaming(member, business)
  return naming.contact === undefined
    ? naming.displayName
    : `${naming.displayName} (contact: ${naming.contact})`
}
