/** The user manual: how to use the platform, step by step. */
import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

const CHAPTERS: ReadonlyArray<{ readonly title: string; readonly steps: ReadonlyArray<string> }> = [
  {
    title: "1. Register and activate",
    steps: [
      "Open Register, fill in your email, name and a password (at least 1 letter, 1 number, minimum 6 characters). Businesses give their business name.",
      "Open the confirmation link we email you within 12 hours. The email can take up to 15 minutes; if it does not arrive, press Resend, and if you made a typo, press Reset Registration and start again.",
    ],
  },
  {
    title: "2. Verify your identity (KYC)",
    steps: [
      "In Profile Settings → Kyc Verification, give your address, contact and bank details and your passport, and upload the passport file (PDF, JPEG or PNG, up to 8 MB).",
      "Submit for verification. Selling, transferring, converting and receiving payouts need a Verified status.",
    ],
  },
  {
    title: "3. Buy Units",
    steps: [
      "Choose Buy, the Unit currency and the number of Units. The fees and the total are shown before you pay.",
      "Pay by card, bank transfer (use the payment reference shown) or crypto. Units wait in Pending and move to Owned within 24 hours on a weekday after your funds register.",
    ],
  },
  {
    title: "4. Sell, transfer, convert",
    steps: [
      "Sell: 10 Units fee; the rest joins the sales queue and is sold first in, first out. Payouts go to your bank account.",
      "Transfer: free, to another registered member's email; you see the recipient's name before you confirm.",
      "Convert: Units of one currency become Units of another at the day's rate; converted Units are locked for 30 days.",
    ],
  },
  {
    title: "5. Statements, governance and community",
    steps: [
      "Transaction History lists every order; Transaction Statement downloads a statement for a period.",
      "Members who own Units vote on project decisions, post community ideas and ask questions that community agents answer.",
    ],
  },
]

export const Route = createFileRoute("/user-manual")({
  head: () =>
    pageHead(
      "User manual",
      "How to register, verify your identity, and buy, sell, transfer and convert Units.",
    ),
  component: () => (
    <>
      <PageHead
        eyebrow="Help"
        title="User Manual"
        lead="How to use Landunits, from registration to selling."
      />
      <div className="container section prose">
        {CHAPTERS.map((c) => (
          <section key={c.title}>
            <h2>{c.title}</h2>
            <ul>
              {c.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  ),
})
