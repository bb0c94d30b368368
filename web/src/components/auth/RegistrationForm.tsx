/**
 * The registration form with its three stages (spec §2, §4, §5): Register → Resend → Reset. The landing
 * variant has an optional business name; the business variant requires it. Validation is core's.
 */
import {
  BusinessRegistrationSubmit,
  LandingRegistrationSubmit,
} from "@landunits/core/members/MemberValidation.ts"
import { PASSWORD_RULE } from "@landunits/core/members/PasswordRule.ts"
import { TERMS_VERSION } from "@landunits/core/shared/Constants.ts"
import { Link } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { fromPromise } from "xstate"
import { api } from "../../api/endpoints.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { registrationMachine } from "../../machines/registrationMachine.ts"
import { CheckboxField, Field, FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"

export const ACTIVATION_NOTE = "You must activate your account within 12 hours of registering."
export const EMAIL_DELAY_NOTE = "The confirmation email can take up to 15 minutes to arrive."

export const registrationActors = {
  register: fromPromise(({ input }: { input: Parameters<typeof api.register>[0] }) => api.register(input)),
  sendConfirmation: fromPromise(({ input }: { input: string }) => api.sendConfirmation(input)),
  cancelRegistration: fromPromise(({ input }: { input: string }) => api.cancelRegistration(input)),
}

const EMPTY = {
  email: "",
  firstName: "",
  lastName: "",
  password: "",
  confirmPassword: "",
  businessName: "",
  /** "true" once ticked (a checkbox among the form's text values). */
  termsAccepted: "",
}

/** The form's values as the schema reads them: the terms box as a boolean. */
const registrationInput = (values: typeof EMPTY) => ({
  ...values,
  termsAccepted: values.termsAccepted === "true",
})

export function RegistrationForm({
  variant,
  title,
  headingLevel = 2,
}: {
  readonly variant: "landing" | "business"
  readonly title: string
  readonly headingLevel?: 1 | 2
}) {
  const [state, send] = useMachine(registrationMachine.provide({ actors: registrationActors }))
  const schema = variant === "business" ? BusinessRegistrationSubmit : LandingRegistrationSubmit
  const form = useSchemaForm(
    schema,
    EMPTY,
    (payload) => send({ type: "registration.submit", payload }),
    registrationInput,
  )
  const Heading = headingLevel === 1 ? "h1" : "h2"
  const busy = state.hasTag("busy")
  const prefix = `reg-${variant}`

  return (
    <div className="form-card" aria-live="polite">
      <Heading>{title}</Heading>
      {state.matches("register") ? (
        <Form className="form" noValidate onSubmit={form.onSubmit} aria-label={title}>
          <p className="muted">{ACTIVATION_NOTE}</p>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            idPrefix={prefix}
            {...form.field("email")}
          />
          <div className="grid grid--2" style={{ gap: 16 }}>
            <Field
              label="First Name"
              autoComplete="given-name"
              required
              idPrefix={prefix}
              {...form.field("firstName")}
            />
            <Field
              label="Last Name"
              autoComplete="family-name"
              idPrefix={prefix}
              {...form.field("lastName")}
            />
          </div>
          <Field
            label={variant === "business" ? "Business name" : "Business name (optional)"}
            autoComplete="organization"
            required={variant === "business"}
            idPrefix={prefix}
            {...form.field("businessName")}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint={PASSWORD_RULE}
            idPrefix={prefix}
            {...form.field("password")}
          />
          <Field
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            idPrefix={prefix}
            {...form.field("confirmPassword")}
          />
          <CheckboxField
            label={
              <>
                I accept the{" "}
                <a href="/terms-and-conditions" target="_blank" rel="noopener">
                  Terms and Conditions
                </a>{" "}
                (version {TERMS_VERSION})
              </>
            }
            required
            idPrefix={prefix}
            {...form.checkbox("termsAccepted")}
          />
          <FormError message={state.context.serverError} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? "Registering…" : "Register"}
          </button>
          <p className="form-links">
            <span>
              Already registered? <Link to="/login">Log in</Link>
            </span>
          </p>
        </Form>
      ) : state.matches("resend") ? (
        <div className="form">
          <p className="form-note" role="status">
            {state.context.message ?? "Registration successful."} We sent a confirmation email to{" "}
            <strong>{state.context.email}</strong>. {EMAIL_DELAY_NOTE} {ACTIVATION_NOTE}
          </p>
          <p>Nothing arrived? Check your spam folder, then send it again.</p>
          <FormError message={state.context.serverError} />
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={busy}
            onClick={() => send({ type: "registration.resend" })}
          >
            Resend
          </button>
        </div>
      ) : (
        <div className="form">
          <p className="form-note" role="status">
            {state.context.message ?? "Confirmation email sent again."} {EMAIL_DELAY_NOTE}
          </p>
          <p>
            Still nothing, or a typo in <strong>{state.context.email}</strong>? Reset the registration and
            start again.
          </p>
          <FormError message={state.context.serverError} />
          <button
            type="button"
            className="btn btn--ghost btn--block"
            disabled={busy}
            onClick={() => send({ type: "registration.reset" })}
          >
            Reset Registration
          </button>
        </div>
      )}
    </div>
  )
}
