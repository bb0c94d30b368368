/** /dashboard/settings/security (issue 23): two-factor sign-in and the member's sessions. */
import { createFileRoute } from "@tanstack/react-router"
import { securityApi } from "../api/security.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { SecuritySettings } from "../components/settings/SecuritySettings.tsx"
import { SettingsNav } from "../components/settings/SettingsNav.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Security() {
  const security = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="My Profile"
        title="Security"
        lead="Two-factor sign-in, and every device where you are signed in."
      />
      <div className="container section settings-page">
        <SettingsNav />
        <SecuritySettings initial={security} />
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/settings/security")({
  head: () => pageHead("Security"),
  loader: () => securityApi.security(),
  component: Security,
  errorComponent: LoadError,
})
