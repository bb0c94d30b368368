/**
 * The step-up (issue 23): a change of the password, the second factor or the bank details asks the second
 * factor again when it was not given on this session in the last 5 minutes. The API answers 403 with core's
 * message; this asks for a code (core's SecondFactorCodeForm) or the passkey, then the change is sent again.
 */
import { SecondFactorMessages } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { securityApi } from "../../api/security.ts"
import { SecondFactorCodeField, useSecondFactorAnswer } from "../auth/SecondFactorAnswer.tsx"
import { FormError } from "../shared/Field.tsx"

/** Whether a refusal is the step-up's (so the prompt is shown instead of the message alone). */
export const isStepUpRequired = (message: string | null): boolean =>
  message === SecondFactorMessages.stepUpRequired

export function StepUpPrompt(props: { readonly onConfirmed: () => void }) {
  const { form, code, passkey } = useSecondFactorAnswer(
    { code: securityApi.stepUp, passkey: securityApi.stepUpWithPasskey },
    () => props.onConfirmed(),
  )
  return (
    <form
      className="form form-card step-up"
      aria-label="Confirm it is you"
      noValidate
      onSubmit={form.onSubmit}
    >
      <p className="form-note" role="status">
        {SecondFactorMessages.stepUpRequired}
      </p>
      <SecondFactorCodeField idPrefix="step-up" {...form.field("code")} />
      <FormError message={code.serverError ?? passkey.serverError} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={code.busy}>
          {code.busy ? "Checking…" : "Confirm"}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={passkey.busy}
          onClick={() => passkey.submit(undefined)}
        >
          {passkey.busy ? "Waiting for your passkey…" : "Use a passkey"}
        </button>
      </div>
    </form>
  )
}
