/**
 * The current password, asked of a member without a second factor before they set up their first one (an
 * authenticator app, a passkey) — issue 37: a stolen session alone cannot enrol its own factor and lock the
 * member out. Asked up front, as the security status says there is no factor yet (a passkey would otherwise be
 * made on the device before the server refused it). Its heading takes focus as it appears (the parent's
 * `focusOnShow`, lib/useFocusOnShow.ts); a wrong password (403 PasswordRequired) or too many of them (429)
 * comes back as `error`.
 */
import { AccessMessages } from "@landunits/core/access/AccessErrors.ts"
import { type FormEvent, type RefCallback, useId, useState } from "react"
import { FormError } from "../shared/Field.tsx"

/** Whether a refusal is the password's (the member had no factor, and gave no password or a wrong one). */
export const isPasswordRequired = (message: string | null): boolean =>
  message === AccessMessages.passwordRequired || message === AccessMessages.passwordWrong

/** The "Current password" field, as the password prompt and the closure form show it. */
export function CurrentPasswordField(props: {
  readonly idPrefix: string
  readonly value: string
  readonly onChange: (value: string) => void
}) {
  const id = `${props.idPrefix}-current-password`
  return (
    <div className="field">
      <label htmlFor={id}>Current password</label>
      <input
        id={id}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  )
}

export function PasswordPrompt(props: {
  readonly idPrefix: string
  /** What the password is for ("to set up an authenticator app"). */
  readonly purpose: string
  readonly submitLabel: string
  readonly busy: boolean
  readonly error: string | null
  readonly focusOnShow: RefCallback<HTMLElement>
  readonly onSubmit: (currentPassword: string) => void
  readonly onCancel: () => void
}) {
  const titleId = useId()
  const [password, setPassword] = useState("")
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (password !== "") props.onSubmit(password)
  }
  return (
    <form className="form password-prompt" aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <h3 id={titleId} ref={props.focusOnShow} tabIndex={-1}>
        Confirm it is you
      </h3>
      <p className="form-note">You have no second factor yet: enter your current password {props.purpose}.</p>
      <CurrentPasswordField idPrefix={props.idPrefix} value={password} onChange={setPassword} />
      <FormError message={props.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={props.busy || password === ""}>
          {props.busy ? "Checking…" : props.submitLabel}
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
