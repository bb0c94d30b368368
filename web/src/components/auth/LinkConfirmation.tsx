import { Link } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { useMemo } from "react"
import { linkMachine } from "../../machines/linkMachine.ts"
import { useSessionUser } from "../../session/session.ts"
import { FormError } from "../shared/Field.tsx"

/** A confirmation page for an emailed link; works signed in or out (docs/decisions.md). */
export function LinkConfirmation({
  title,
  token,
  check,
}: {
  readonly title: string
  readonly token: string
  readonly check: (token: string) => Promise<{ readonly message: string }>
}) {
  const machine = useMemo(() => linkMachine(check), [check])
  const [state] = useMachine(machine, { input: { token } })
  const user = useSessionUser()
  return (
    <div className="auth-page">
      <div className="form-card">
        <h1>{title}</h1>
        {state.matches("checking") || state.matches("start") ? (
          <p role="status">Checking your link…</p>
        ) : state.matches("confirmed") ? (
          <p className="form-note" role="status">
            {state.context.message}
          </p>
        ) : (
          <FormError message={state.context.message} />
        )}
        <p style={{ marginTop: 16 }}>
          {user === null ? (
            <Link to="/login">Go to log in</Link>
          ) : (
            <Link to="/dashboard">Go to my dashboard</Link>
          )}
        </p>
      </div>
    </div>
  )
}

export const tokenSearch = (search: Record<string, unknown>): { token: string } => ({
  token: typeof search.token === "string" ? search.token : "",
})
