/**
 * /dashboard/settings (spec §2, §3 Profile form, §5 Profile and KYC): the member's names and, optionally, a
 * new password, checked with core's profile schema and its exact messages, sent to POST /user/update_profile
 * (multipart, as spec §7 says). The email address is shown but cannot be changed here (the API refuses it).
 * Below it, "Your data" (components/settings/YourData.tsx): a copy of the member's data, and closing the account.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { ProfileForm } from "../components/settings/ProfileForm.tsx"
import { SettingsNav } from "../components/settings/SettingsNav.tsx"
import { YourData } from "../components/settings/YourData.tsx"
import { pageHead } from "../lib/pageHead.ts"
import { useSessionUser } from "../session/session.ts"

function ProfileSettings() {
  const user = useSessionUser()
  return (
    <>
      <PageHead eyebrow="My Profile" title="Profile Settings" lead="Your name and sign-in details." />
      <div className="container section settings-page">
        <SettingsNav />
        {user === null ? null : (
          <div className="settings-stack">
            <ProfileForm user={user} today={formatIsoDate(Date.now())} />
            <YourData email={user.email} />
          </div>
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/settings/")({
  head: () => pageHead("Profile settings"),
  component: ProfileSettings,
})
