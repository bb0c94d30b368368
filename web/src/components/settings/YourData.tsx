/**
 * "Your data" in /dashboard/settings (issue 23; GDPR articles 15, 17 and 20): ask for a copy of everything we hold
 * about the member (built in the background, emailed when ready, downloadable for 7 days with the member's own
 * session), and close the account after typing its email. The server decides every rule (docs/api.md).
 *
 * Both move data or the account out (issue 37): a member with a second factor who has not given it within
 * STEP_UP_SECONDS meets the step-up prompt (403 SecondFactorRequired), and the request, the download or the
 * closure is sent again once it is given. A member without a factor types the current password to close the
 * account ("Current password", asked up front when the security status says there is no factor, or after a
 * 403 PasswordRequired). The download is fetched (not a plain link) so that a refusal can be answered here.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import type { DataExportView } from "@landunits/core/privacy/PrivacyModel.ts"
import { type FormEvent, useEffect, useState } from "react"
import { request as apiRequest, call } from "../../api/client.ts"
import { securityApi } from "../../api/security.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { saveBlob } from "../orders/StatementForm.tsx"
import { FormError } from "../shared/Field.tsx"
import { CurrentPasswordField, isPasswordRequired } from "./PasswordPrompt.tsx"
import { isStepUpRequired, StepUpPrompt } from "./StepUpPrompt.tsx"

const when = (iso: string | undefined) => (iso === undefined ? "" : formatDateTimeZoned(Date.parse(iso)))

const exportLine = (e: DataExportView) => {
  switch (e.status) {
    case "building":
      return `Being prepared since ${when(e.requestedAt)}. We will email you when it is ready.`
    case "ready":
      return `Ready: download it until ${when(e.expiresAt)}.`
    case "failed":
      return "This copy could not be prepared. Please ask again; if it fails again, contact us."
    case "expired":
      return `Expired on ${when(e.expiresAt)}. Ask for a new copy when you need one.`
  }
}

export function YourData({ email }: { readonly email: string }) {
  const [exports, setExports] = useState<ReadonlyArray<DataExportView>>([])
  const request = useSubmission(() => call("POST", "/user/data-exports"), { repeatable: true })
  const download = useSubmission(
    async (ready: DataExportView) => {
      const path = (ready.downloadPath ?? "").replace(/^\/api/, "")
      saveBlob(
        await apiRequest<Blob>("GET", path, undefined, { binary: true }),
        `landunits-data-${ready.exportId}.zip`,
      )
      return ready.exportId
    },
    { repeatable: true },
  )
  const close = useSubmission((input: { readonly confirmEmail: string; readonly currentPassword: string }) =>
    call("POST", "/user/close-account", {
      confirmEmail: input.confirmEmail,
      ...(input.currentPassword === "" ? {} : { currentPassword: input.currentPassword }),
    }),
  )
  const [typed, setTyped] = useState("")
  const [password, setPassword] = useState("")
  const [confirming, setConfirming] = useState(false)
  // Whether the member has no second factor (then the closure asks the current password up front).
  const [noFactor, setNoFactor] = useState(false)
  const focusOnShow = useFocusOnShow()

  useEffect(() => {
    securityApi.security().then(
      ({ secondFactor }) => setNoFactor(!secondFactor.totp && secondFactor.passkeys.length === 0),
      () => {},
    )
  }, [])
  const askPassword = noFactor || isPasswordRequired(close.serverError)

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload the list after each request
  useEffect(() => {
    call("GET", "/user/data-exports").then(
      (answer) => setExports(answer.exports),
      () => {},
    )
  }, [request.result])

  const latest = exports[0]
  const onClose = (e: FormEvent) => {
    e.preventDefault()
    close.submit({ confirmEmail: typed, currentPassword: askPassword ? password : "" })
  }

  if (close.succeeded && close.result !== null) {
    return (
      <section className="form form-card" id="your-data" aria-labelledby="your-data-title">
        <h2 id="your-data-title">Your account is closed</h2>
        <p role="status">{close.result.message}</p>
        <p>
          <a className="btn btn--primary" href="/">
            Go to the home page
          </a>
        </p>
      </section>
    )
  }

  return (
    <section className="form form-card" id="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <div className="form-section">
        <h3>Download my data</h3>
        <p className="muted">
          A zip file with your profile, identity check and documents, orders, ledger entries, votes and
          messages, as JSON and CSV. We prepare it in the background and email you when it is ready; the
          download works for 7 days, signed in as you.
        </p>
        {latest === undefined ? null : (
          <p role="status">
            {exportLine(latest)}{" "}
            {latest.downloadPath === undefined ? null : (
              <a
                href={latest.downloadPath}
                download
                onClick={(e) => {
                  e.preventDefault()
                  download.submit(latest)
                }}
              >
                Download my data{latest.size === undefined ? "" : ` (${Math.ceil(latest.size / 1024)} KB)`}
              </a>
            )}
          </p>
        )}
        {isStepUpRequired(request.serverError) ? (
          <StepUpPrompt focusOnShow={focusOnShow} onConfirmed={() => request.submit(undefined)} />
        ) : (
          <FormError message={request.serverError} focusOnShow={focusOnShow} />
        )}
        {isStepUpRequired(download.serverError) ? (
          <StepUpPrompt
            focusOnShow={focusOnShow}
            onConfirmed={() => {
              if (latest !== undefined) download.submit(latest)
            }}
          />
        ) : (
          <FormError message={download.serverError} focusOnShow={focusOnShow} />
        )}
        <div>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={request.busy || latest?.status === "building"}
            onClick={() => request.submit(undefined)}
          >
            {request.busy ? "Asking…" : "Ask for a copy of my data"}
          </button>
        </div>
      </div>
      <div className="form-section">
        <h3>Close my account</h3>
        <p className="muted">
          You can close your account once you hold no Units, have no open orders and are owed no payout. Your
          name and contact details are then erased and you can no longer sign in. Your orders and ledger
          entries are kept for 10 years, and your identity documents for 5, as the law requires; then they are
          deleted.
        </p>
        {confirming && isStepUpRequired(close.serverError) ? (
          <StepUpPrompt
            focusOnShow={focusOnShow}
            onConfirmed={() => close.submit({ confirmEmail: typed, currentPassword: "" })}
          />
        ) : confirming ? (
          <form onSubmit={onClose} aria-label="Close my account" noValidate>
            <div className="field">
              <label htmlFor="close-confirm-email">Type your email address ({email}) to confirm</label>
              <input
                id="close-confirm-email"
                name="confirmEmail"
                type="email"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            {askPassword ? (
              <CurrentPasswordField idPrefix="close" value={password} onChange={setPassword} />
            ) : null}
            <FormError message={close.serverError} focusOnShow={focusOnShow} />
            <div className="form-actions">
              <button
                type="submit"
                className="btn btn--danger"
                disabled={close.busy || typed.trim() === "" || (askPassword && password === "")}
              >
                {close.busy ? "Closing…" : "Close my account for good"}
              </button>{" "}
              <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
                Keep my account
              </button>
            </div>
          </form>
        ) : (
          <div>
            <button
              type="button"
              className="btn btn--ghost btn--danger-text"
              onClick={() => setConfirming(true)}
            >
              Close my account…
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
