/**
 * The "Verify" panels: one button that fetches a proof and checks it in the browser, then says plainly what was
 * verified, or what failed. The order page's (issue 21) checks the order's inclusion proof (lib/verifyOrder.ts);
 * the statement page's (issue 42) checks the member's proof of liabilities (lib/verifyLiabilities.ts). Each
 * check's code is imported only on the click, so a page's first JavaScript does not carry it.
 */
import { useState } from "react"
import { errorMessage } from "../../api/client.ts"
import type { VerifyOutcome } from "../../lib/verifyOrder.ts"

type Step =
  | { readonly at: "idle" }
  | { readonly at: "checking" }
  | { readonly at: "done"; readonly outcome: VerifyOutcome }
  | { readonly at: "error"; readonly message: string }

export function VerifyPanel({ orderId }: { readonly orderId: string }) {
  return (
    <VerifyCheckPanel
      id="verify-title"
      title="Verify this order in the ledger"
      lead="Check, here in your browser, that this order's transfers are in Landunits' ledger exactly as recorded, against a checkpoint signed with Landunits' ledger key."
      check={async () => (await import("../../lib/verifyOrder.ts")).verifyOrder(orderId)}
    />
  )
}

/** The member's proof of liabilities: are their balances counted in what Landunits says it owes? */
export function LiabilitiesVerifyPanel() {
  return (
    <VerifyCheckPanel
      id="verify-liabilities-title"
      title="Is my balance counted?"
      lead="Check, here in your browser, that your balances are counted in the totals of Units Landunits owes its members, as signed in its latest ledger checkpoint."
      check={async () => (await import("../../lib/verifyLiabilities.ts")).verifyLiabilities()}
    />
  )
}

function VerifyCheckPanel({
  id,
  title,
  lead,
  check,
}: {
  readonly id: string
  readonly title: string
  readonly lead: string
  readonly check: () => Promise<VerifyOutcome>
}) {
  const [step, setStep] = useState<Step>({ at: "idle" })
  const verify = async () => {
    setStep({ at: "checking" })
    try {
      setStep({ at: "done", outcome: await check() })
    } catch (error) {
      setStep({ at: "error", message: errorMessage(error) })
    }
  }
  return (
    <section className="verify-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{lead}</p>
      <p>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={step.at === "checking"}
          onClick={() => void verify()}
        >
          {step.at === "checking" ? "Verifying…" : step.at === "idle" ? "Verify" : "Verify again"}
        </button>
      </p>
      <div aria-live="polite">
        {step.at === "done" ? (
          <div className={`verify-result ${step.outcome.ok ? "verify-result--ok" : "verify-result--failed"}`}>
            <p className="verify-result__sentence" role={step.outcome.ok ? undefined : "alert"}>
              {step.outcome.sentence}
            </p>
            {step.outcome.details.length === 0 ? null : (
              <ul className="verify-result__details">
                {step.outcome.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        ) : step.at === "error" ? (
          <p className="form-error" role="alert">
            The proof could not be loaded: {step.message}
          </p>
        ) : null}
      </div>
    </section>
  )
}
