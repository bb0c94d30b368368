import { createFileRoute, Link } from "@tanstack/react-router"
import { loadStatementPage, type StatementPageData } from "../api/home.ts"
import { PageHead } from "../components/layout/Page.tsx"
import { StatementForm } from "../components/orders/StatementForm.tsx"
import { LiabilitiesVerifyPanel } from "../components/orders/VerifyPanel.tsx"
import { YourInvoices } from "../components/orders/YourInvoices.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Statement({ data }: { readonly data: StatementPageData }) {
  return (
    <>
      <PageHead
        eyebrow="Dashboard"
        title="Transaction Statement"
        lead="Every order in a period, as a PDF document or a CSV spreadsheet; your invoices; and a check that your balances are counted in what Landunits owes."
      />
      <div className="container section settings-page stack-s">
        <StatementForm />
        <p className="muted small">
          To look through your orders on screen, see your{" "}
          <Link to="/dashboard/my-transactions">transaction history</Link>.
        </p>
        <YourInvoices invoices={data.invoices} />
        <LiabilitiesVerifyPanel />
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/statement")({
  head: () => pageHead("Transaction statement"),
  loader: () => loadStatementPage(),
  staleTime: 0,
  component: () => <Statement data={Route.useLoaderData()} />,
})
