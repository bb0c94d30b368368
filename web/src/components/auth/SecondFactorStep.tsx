/**
 * The sign-in's second step (issue 23): the password was right, and the member has a second factor. A code from
 * the authenticator app or a recovery code (core's SecondFactorCodeForm, the API's own schema), or the passkey.
 */
import { SecondFactorCodeForm } from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import type { UserBundle } from "../../api/endpoints.ts"
import { securityApi } from "../../api/security.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"

export function SecondFactorStep(props: {
  readonly message: string
  readonly onSignedIn: (bundle: UserBundle) => void
  readonly onRestart: () => void
}) {
  const submission = useSubmission(
    (form: SecondFactorCodeForm) =>
      securityApi.loginSecondFactor(form).then((bundle) => {
        props.onSignedIn(bundle)
        return bundle
      }),
    { repeatable: true },
  )
  const form = useSchemaForm(SecondFactorCodeForm, { code: "" }, submission.submit)
  const passkey = useSubmission(
    () =>
      securityApi.loginWithPasskey().then((bundle) => {
        props.onSignedIn(bundle)
        return bundle
      }),
    { repeatable: true },
  )
  return (
    <div className="form-card">
      <h1>Confirm it is you</h1>
      <p className="form-note">{props.message}</p>
      <Form className="form" noValidate onSubmit={form.onSubmit} aria-label="Second factor">
        <Field
          label="Code"
          autoComplete="one-time-code"
          required
          idPrefix="second-factor"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          {...form.field("code")}
        />
        <FormError message={submission.serverError} />
        <button type="submit" className="btn btn--primary btn--block" disabled={submission.busy}>
          {submission.busy ? "Checking…" : "Continue"}
        </button>
      </Form>
      <div className="form">
        <FormError message={passkey.serverError} />
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={passkey.busy}
          onClick={() => passkey.submit(undefined)}
        >
          {passkey.busy ? "Waiting for your passkey…" : "Use a passkey"}
        </button>
      </div>
      <p className="form-links">
        <button type="button" className="btn btn--ghost btn--block" onClick={props.onRestart}>
          Start again with your email and password
        </button>
      </p>
    </div>
  )
}
