/** The settings pages of spec §2 (My Profile), as tabs above each of them. */
import { KYC_PAGE_TITLE } from "@landunits/core/format/Labels.ts"
import { Link } from "@tanstack/react-router"

const PAGES = [
  { to: "/dashboard/settings", label: "Profile Settings" },
  { to: "/dashboard/settings/change-password", label: "Change Password" },
  { to: "/dashboard/settings/security", label: "Security" },
  { to: "/dashboard/settings/kyc-verification", label: KYC_PAGE_TITLE },
  { to: "/dashboard/settings/subscriptions", label: "Manage Subscription" },
] as const

export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="settings-nav">
      {PAGES.map((p) => (
        <Link key={p.to} to={p.to} activeOptions={{ exact: true, includeSearch: false }}>
          {p.label}
        </Link>
      ))}
    </nav>
  )
}
