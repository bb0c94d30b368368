/**
 * KYC starts from what registration gave (issue 46): a business member's Business Name is there, as given at
 * registration, until KYC's business details are saved; left as it is, it does not make a draft check the
 * business section.
 */
import { emptyKycInfo, type KycInfo } from "@landunits/core/kyc/KycModel.ts"
import { HouseMessage as H } from "@landunits/core/validation/Messages.ts"
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { KycForm, kycFormValues } from "../src/components/kyc/KycForm.tsx"

afterEach(cleanup)

const renderForm = (onSave: (body: FormData) => void, kycInfo: KycInfo = emptyKycInfo) =>
  render(
    <KycForm
      kycInfo={kycInfo}
      userType="BUSINESS"
      registrationBusinessName="Acme Ltd"
      today="2026-11-23"
      busy={false}
      serverError={null}
      notice={null}
      resetKey={0}
      onSave={onSave}
    />,
  )

const businessName = () => (screen.getByLabelText(/^Business Name/) as HTMLInputElement).value
const sentKyc = (body: FormData) => JSON.parse(String(body.get("kycInfo"))) as Record<string, unknown>

describe("KYC's business name starts from registration's", () => {
  it("shows the business name given at registration", () => {
    renderForm(() => {})
    expect(businessName()).toBe("Acme Ltd")
  })

  it("a draft with the business name left as registration gave it does not check the business section", async () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(screen.getByRole("form", { name: "KYC details" }).textContent).not.toContain(
      H.registrationNumberRequired,
    )
    expect(sentKyc(saved[0]!).businessInfo).toBeUndefined()
  })

  it("with the registration number typed, the business is sent under registration's name", async () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    fireEvent.change(screen.getByLabelText(/^Registration Number/), { target: { value: "12345678" } })
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(sentKyc(saved[0]!).businessInfo).toEqual({
      businessName: "Acme Ltd",
      registrationNumber: "12345678",
    })
  })

  it("once KYC holds business details, they are what the form shows; an individual gets nothing", () => {
    const stored = {
      ...emptyKycInfo,
      businessInfo: { businessName: "Acme Holdings Ltd", registrationNumber: "123" },
    } as KycInfo
    expect(kycFormValues(stored, "BUSINESS", "Acme Ltd")["businessInfo.businessName"]).toBe(
      "Acme Holdings Ltd",
    )
    expect(kycFormValues(emptyKycInfo, "USER", "Acme Ltd")["businessInfo.businessName"]).toBeUndefined()
  })
})
