/**
 * The sign-in's second step (issue 23): the password was right, and the member has a second factor. A code from
 * the authenticator app or a recovery code (core's SecondFactorCodeForm, the API's own schema), or the passkey.
 */
import type { UserBundle } from "../../api/endpoints.ts"
import { securityApi } from "../../api/security.ts"
import { FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"
import { SecondFactorCodeField, useSecondFactorAnswer } from "./SecondFactorAnswer.tsx"

export function SecondFactorStep(props: {
  readonly message: string
  readonly onSignedIn: (bundle: UserBundle) => void
  readonly onRestart: () => void
}) {
  const { form, code, passkey } = useSecondFactorAnswer(
    { code: securityApi.loginSecondFactor, passkey: securityApi.loginWithPasskey },
    props.onSignedIn,
  )
  return (
    <div className="form-card">
      <h1>Confirm it is you</h1>
      <p className="form-note">{props.message}</p>
      <Form className="form" noValidate onSubmit={form.onSubmit} aria-label="Second factor">
        <SecondFactorCodeField idPrefix="second-factor" {...form.field("code")} />
        <FormError message={code.serverError} />
        <button type="submit" className="btn btn--primary btn--block" disabled={code.busy}>
          {code.busy ? "Checking…" : "Continue"}
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
