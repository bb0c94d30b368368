/**
 * The dashboard greets the member as core names it (issue 46): a business member by the business, an
 * individual by first name.
 */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { cleanup, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { DashboardGreeting } from "../src/components/dashboard/DashboardGreeting.tsx"
import { renderInRouter } from "./support/router.tsx"

const greta = {
  id: "mem-greta",
  email: "acct@acme.example",
  firstName: "Greta",
  lastName: "Green",
  userType: "BUSINESS",
  businessName: "Acme Ltd",
  firstLogin: false,
  kycInfo: { kycStatus: "UnVerified" },
  kycStatus: "UnVerified",
} as User

afterEach(cleanup)

describe("the dashboard's greeting", () => {
  it("greets a business member by the business, not the person", async () => {
    await renderInRouter(() => <DashboardGreeting user={greta} />)
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome, Acme Ltd")
    expect(document.body.textContent).not.toContain("Greta")
  })

  it("greets by KYC's business name once the member gave it", async () => {
    const kyc = {
      ...greta,
      kycInfo: {
        kycStatus: "UnVerified",
        businessInfo: { businessName: "Acme Holdings Ltd", registrationNumber: "123" },
      },
    } as User
    await renderInRouter(() => <DashboardGreeting user={kyc} />)
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome, Acme Holdings Ltd")
  })

  it("greets an individual by first name", async () => {
    const { businessName: _, ...person } = greta
    await renderInRouter(() => (
      <DashboardGreeting user={{ ...person, firstName: "Ada", userType: "USER" } as User} />
    ))
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome, Ada")
  })
})
