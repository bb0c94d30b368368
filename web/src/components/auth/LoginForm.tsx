/** 'Access Your Account Now' (spec §2): signs in, then first-time members go to the welcome route. */
import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { api, needsSecondFactor, type SecondFactorChallenge, type UserBundle } from "../../api/endpoints.ts"
import { LoginForm as LoginSchema, type LoginForm as LoginValues } from "../../forms/schemas.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { appSession } from "../../session/session.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"
import { SecondFactorStep } from "./SecondFactorStep.tsx"

/**
 * Where a member goes after signing in: the member page a link asked for (`redirectTo`, already checked by
 * lib/redirectTarget.ts), else the welcome route for a first sign-in (docs/decisions.md), else the dashboard.
 */
export const WELCOME_ROUTE = "/dashboard/What-are-Land-Units"
export const afterLoginRoute = (bundle: UserBundle, redirectTo?: string): string =>
  redirectTo ?? (bundle.user.firstLogin ? WELCOME_ROUTE : "/dashboard")

export const signIn = (payload: LoginValues): Promise<UserBundle | SecondFactorChallenge> =>
  api.login(payload)

export function LoginForm(props: { readonly redirectTo?: string | undefined }) {
  const login = useSubmission(signIn, { repeatable: true })
  const navigate = useNavigate()
  const form = useSchemaForm(LoginSchema, { email: "", password: "" }, login.submit)
  const answer = login.result
  // The second step (a second factor is set up) signs in with its own answer.
  const [secondStepBundle, setSecondStepBundle] = useState<UserBundle | null>(null)
  const [restarted, setRestarted] = useState<typeof answer>(null)
  const bundle = secondStepBundle ?? (answer !== null && !needsSecondFactor(answer) ? answer : null)
  useEffect(() => {
    if (bundle !== null) {
      appSession().send({ type: "session.signedIn", user: bundle.user })
      void navigate({ href: afterLoginRoute(bundle, props.redirectTo) })
    }
  }, [bundle, navigate, props.redirectTo])
  if (answer !== null && needsSecondFactor(answer) && restarted !== answer && secondStepBundle === null) {
    return (
      <SecondFactorStep
        message={answer.message}
        onSignedIn={setSecondStepBundle}
        onRestart={() => setRestarted(answer)}
      />
    )
  }
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
