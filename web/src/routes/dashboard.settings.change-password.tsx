import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { ChangePasswordFormView } from "../components/settings/ChangePasswordForm.tsx"
import { SettingsNav } from "../components/settings/SettingsNav.tsx"
import { pageHead } from "../lib/pageHead.ts"

function ChangePassword() {
  return (
    <>
      <PageHead
        eyebrow="My Profile"
        title="Change Password"
        lead="Choose a new password. You stay signed in here; your other sessions end."
      />
      <div className="container section settings-page">
        <SettingsNav />
        <ChangePasswordFormView />
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/settings/change-password")({
  head: () => pageHead("Change password"),
  component: ChangePassword,
})
