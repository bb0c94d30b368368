/**
 * The order page's "Verify" panel (issue 21): one button that fetches the order's inclusion proof and checks it
 * in the browser (lib/verifyOrder.ts, imported only on the click, so the page's first JavaScript stays as it
 * was), then says plainly what was verified, or what failed.
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
  const [step, setStep] = useState<Step>({ at: "idle" })
  const verify = async () => {
    setStep({ at: "checking" })
    try {
      const { verifyOrder } = await import("../../lib/verifyOrder.ts")
      setStep({ at: "done", outcome: await verifyOrder(orderId) })
    } catch (error) {
      setStep({ at: "error", message: errorMessage(error) })
    }
  }
  return (
    <section className="verify-panel" aria-labelledby="verify-title">
      <h2 id="verify-title">Verify this order in the ledger</h2>
      <p className="muted">
        Check, here in your browser, that this order's transfers are in Landunits' ledger exactly as recorded,
        against a checkpoint signed with Landunits' ledger key.
      </p>
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
