/** /login/reset?token=…: checks the emailed token, then sets the new password. */
import { PASSWORD_RULE, ResetPasswordForm } from "@landunits/core/members/PasswordRule.ts"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { api } from "../api/endpoints.ts"
import { Field, FormError } from "../components/shared/Field.tsx"
import { useSchemaForm } from "../forms/useSchemaForm.ts"
import { pageHead } from "../lib/pageHead.ts"
import { linkMachine } from "../machines/linkMachine.ts"
import { useSubmission } from "../machines/submissionMachine.ts"

const checkMachine = linkMachine(api.verifyResetToken)

function NewPassword({ token }: { readonly token: string }) {
  const reset = useSubmission((password: string) => api.resetPassword(token, password))
  const form = useSchemaForm(ResetPasswordForm, { password: "", confirmPassword: "" }, ({ password }) =>
    reset.submit(password),
  )
  if (reset.succeeded)
    return (
      <>
        <p className="form-note" role="status">
          {reset.result?.message}
        </p>
        <Link to="/login" className="btn btn--primary btn--block">
          Log in
        </Link>
      </>
    )
  return (
    <form className="form" noValidate onSubmit={form.onSubmit} aria-label="Choose a new password">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULE}
        idPrefix="reset"
        {...form.field("password")}
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        idPrefix="reset"
        {...form.field("confirmPassword")}
      />
      <FormError message={reset.serverError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={reset.busy}>
        Save new password
      </button>
    </form>
  )
}

function ResetPassword() {
  const { token } = Route.useSearch()
  const [state] = useMachine(checkMachine, { input: { token } })
  return (
    <div className="auth-page">
      <div className="form-card">
        <h1>Choose a new password</h1>
        {state.matches("checking") ? (
          <p role="status">Checking your link…</p>
        ) : state.matches("confirmed") ? (
          <NewPassword token={token} />
        ) : (
          <>
            <FormError message={state.context.message} />
            <p style={{ marginTop: 16 }}>
              <Link to="/login-forgot">Ask for a new link</Link>
            </p>
          </>
        )}
      </div>
    </div>
  )
}

export const Route = createFileRoute("/_guest/login_/reset")({
  head: () => pageHead("Choose a new password"),
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === "string" ? search.token : "",
  }),
  component: ResetPassword,
})
