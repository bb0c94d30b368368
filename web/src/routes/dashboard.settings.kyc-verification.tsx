/**
 * /dashboard/settings/kyc-verification (spec §2): two anchored parts, #verification-status ('Verification
 * Status': the KYC status in its colour, the verification tooltip and the submit step) and #kyc-details
 * ('Personal Details' for an individual, 'Business Details' for a business; the Business Details tile is not
 * shown to individuals). The flow is the KYC machine: save details (multipart), then submit for verification.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { KYC_PAGE_TITLE } from "@landunits/core/format/Labels.ts"
import { createFileRoute } from "@tanstack/react-router"
import { KycPage } from "../components/kyc/KycPage.tsx"
import { PageHead } from "../components/layout/Page.tsx"
import { SettingsNav } from "../components/settings/SettingsNav.tsx"
import { pageHead } from "../lib/pageHead.ts"
import { useSessionUser } from "../session/session.ts"

function KycVerification() {
  const user = useSessionUser()
  return (
    <>
      <PageHead
        eyebrow="My Profile"
        title={KYC_PAGE_TITLE}
        lead="We verify every member's identity before they sell, transfer or convert Units."
      />
      <div className="container section settings-page home">
        <SettingsNav />
        {user === null ? null : <KycPage user={user} today={formatIsoDate(Date.now())} />}
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/settings/kyc-verification")({
  head: () => pageHead(KYC_PAGE_TITLE),
  component: KycVerification,
})
