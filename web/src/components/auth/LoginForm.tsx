/** 'Access Your Account Now' (spec §2): signs in, then first-time members go to the welcome route. */
import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import { api, type UserBundle } from "../../api/endpoints.ts"
import { LoginForm as LoginSchema, type LoginForm as LoginValues } from "../../forms/schemas.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { appSession } from "../../session/session.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"

/** Where a member goes after signing in (docs/decisions.md: the welcome route for a first sign-in). */
export const WELCOME_ROUTE = "/dashboard/What-are-Land-Units"
export const afterLoginRoute = (bundle: UserBundle): string =>
  bundle.user.firstLogin ? WELCOME_ROUTE : "/dashboard"

export const signIn = (payload: LoginValues): Promise<UserBundle> => api.login(payload)

export function LoginForm() {
  const login = useSubmission(signIn)
  const navigate = useNavigate()
  const form = useSchemaForm(LoginSchema, { email: "", password: "" }, login.submit)
  const bundle = login.result
  useEffect(() => {
    if (bundle !== null) {
      appSession().send({ type: "session.signedIn", user: bundle.user })
      void navigate({ to: afterLoginRoute(bundle) })
    }
  }, [bundle, navigate])
  return (
    <div className="form-card">
      <h1>Access Your Account Now</h1>
      <Form className="form" noValidate onSubmit={form.onSubmit} aria-label="Log in">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          idPrefix="login"
          {...form.field("email")}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          idPrefix="login"
          {...form.field("password")}
        />
        <FormError message={login.serverError} />
        <button type="submit" className="btn btn--primary btn--block" disabled={login.busy}>
          {login.busy ? "Logging in…" : "Log in"}
        </button>
        <p className="form-links">
          <Link to="/login-forgot">Forgot your password?</Link>
          <span>
            New here? <Link to="/register">Register to buy Units</Link>
          </span>
        </p>
      </Form>
    </div>
  )
}
