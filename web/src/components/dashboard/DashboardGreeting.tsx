/**
 * The dashboard's greeting (issue 46): the member as core names it (members/MemberName.ts), so a business
 * member is greeted as the business, an individual by first name.
 */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { memberNaming } from "@landunits/core/members/MemberName.ts"
import { PageHead } from "../layout/Page.tsx"

export const greetingOf = (user: User | null): string =>
  user === null ? "member" : memberNaming(user, user.kycInfo.businessInfo).greeting

export function DashboardGreeting({ user }: { readonly user: User | null }) {
  return (
    <PageHead
      eyebrow="Dashboard"
      title={`Welcome, ${greetingOf(user)}`}
      lead="Your Units, their value and your impact at a glance."
    />
  )
}
