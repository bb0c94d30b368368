import { createFileRoute } from "@tanstack/react-router"
import { homeApi } from "../api/home.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { SettingsNav } from "../components/settings/SettingsNav.tsx"
import { SubscriptionsForm } from "../components/settings/SubscriptionsForm.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Subscriptions() {
  const { subscriptions } = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="My Profile"
        title="Manage Subscription"
        lead="Choose which emails you get from us."
      />
      <div className="container section settings-page">
        <SettingsNav />
        <SubscriptionsForm initial={subscriptions} />
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/settings/subscriptions")({
  head: () => pageHead("Manage subscription"),
  loader: () => homeApi.subscriptions(),
  component: Subscriptions,
  errorComponent: LoadError,
})
