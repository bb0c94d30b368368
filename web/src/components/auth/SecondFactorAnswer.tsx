/**
 * What the sign-in's second step (SecondFactorStep.tsx) and the step-up before a sensitive change
 * (settings/StepUpPrompt.tsx) both ask: a code from the authenticator app or a recovery code (core's
 * SecondFactorCodeForm, the API's own schema), or the passkey. Each sends its answer to its own endpoint.
 */
import { SecondFactorCodeForm } from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import type { FieldProps } from "../../forms/useSchemaForm.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { Field } from "../shared/Field.tsx"

/** The code form and the passkey button's submission; `onAnswered` gets what the accepted answer returned. */
export const useSecondFactorAnswer = <A,>(
  send: {
    readonly code: (form: SecondFactorCodeForm) => Promise<A>
    readonly passkey: () => Promise<A>
  },
  onAnswered: (answer: A) => void,
) => {
  const answered = (answer: A) => {
    onAnswered(answer)
    return answer
  }
  const code = useSubmission((form: SecondFactorCodeForm) => send.code(form).then(answered), {
    repeatable: true,
  })
  const form = useSchemaForm(SecondFactorCodeForm, { code: "" }, code.submit)
  const passkey = useSubmission(() => send.passkey().then(answered), { repeatable: true })
  return { form, code, passkey }
}

/** The code's field, with the hint both places give. */
export function SecondFactorCodeField(props: FieldProps & { readonly idPrefix: string }) {
  return (
    <Field
      label="Code"
      autoComplete="one-time-code"
      required
      hint="The 6-digit code from your authenticator app, or one of your recovery codes."
      {...props}
    />
  )
}
