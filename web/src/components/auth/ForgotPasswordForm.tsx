import { NewsletterForm } from "@landunits/core/members/MemberValidation.ts"
import { Link } from "@tanstack/react-router"
import { api } from "../../api/endpoints.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"

const askForLink = ({ email }: { readonly email: string }) => api.forgotPassword(email)

/** Asks for a reset link; the answer never says whether the address is registered. */
export function ForgotPasswordForm() {
  const forgot = useSubmission(askForLink)
  const form = useSchemaForm(NewsletterForm, { email: "" }, forgot.submit)
  return (
    <div className="auth-page">
      <div className="form-card">
        <h1>Forgot your password?</h1>
        {forgot.succeeded ? (
          <p className="form-note" role="status">
            {forgot.result?.message} The link is valid for 1 hour.
          </p>
        ) : (
          <Form className="form" noValidate onSubmit={form.onSubmit} aria-label="Forgot password">
            <p className="muted">Enter your email and we will send you a link to choose a new password.</p>
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              required
              idPrefix="forgot"
              {...form.field("email")}
            />
            <FormError message={forgot.serverError} />
            <button type="submit" className="btn btn--primary btn--block" disabled={forgot.busy}>
              Send reset link
            </button>
          </Form>
        )}
        <p className="form-links" style={{ marginTop: 16 }}>
          <Link to="/login">Back to log in</Link>
        </p>
      </div>
    </div>
  )
}
