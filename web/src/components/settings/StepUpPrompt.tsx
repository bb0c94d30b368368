/**
 * The step-up (issues 23 and 37): whatever moves Units, money or data out (a sale, a transfer, a conversion, a
 * data export, the closure) or changes how the account is protected (the password, the second factor, the bank
 * details) asks the second factor again when it was not given on this session within STEP_UP_SECONDS (5 minutes
 * by default). The API answers 403 SecondFactorRequired with core's message; this asks for a code (core's
 * SecondFactorCodeForm) or the passkey, then the caller sends the same request again (an order under the same
 * Idempotency-Key). Its heading takes focus as it appears: pass the `focusOnShow` of the component that stays
 * mounted (lib/useFocusOnShow.ts).
 */
import { SecondFactorMessages } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { type RefCallback, useId } from "react"
import { securityApi } from "../../api/security.ts"
import { SecondFactorCodeField, useSecondFactorAnswer } from "../auth/SecondFactorAnswer.tsx"
import { FormError } from "../shared/Field.tsx"

/** Whether a refusal is the step-up's (so the prompt is shown instead of the message alone). */
export const isStepUpRequired = (message: string | null): boolean =>
  message === SecondFactorMessages.stepUpRequired

export function StepUpPrompt(props: {
  readonly onConfirmed: () => void
  readonly focusOnShow: RefCallback<HTMLElement>
}) {
  const titleId = useId()
  const { form, code, passkey } = useSecondFactorAnswer(
    { code: securityApi.stepUp, passkey: securityApi.stepUpWithPasskey },
    () => props.onConfirmed(),
  )
  return (
    <form className="form form-card step-up" aria-labelledby={titleId} noValidate onSubmit={form.onSubmit}>
      <h3 id={titleId} ref={props.focusOnShow} tabIndex={-1}>
        Confirm it is you
      </h3>
      <p className="form-note">{SecondFactorMessages.stepUpRequired}</p>
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
