/**
 * /dashboard/settings/security (issue 23): the second factor (an authenticator app with its recovery codes,
 * and passkeys) set up, used and removed, and the member's sessions, each signed out on its own or all others
 * at once. Changes of the second factor ask it again first (StepUpPrompt); the server ends the other sessions.
 * A member without any factor yet gives the current password before setting up the first one (PasswordPrompt,
 * issue 37). Each step that replaces the button just pressed moves focus to what it shows
 * (lib/useFocusOnShow.ts): the password prompt's or the step-up's heading, the setup's heading, the recovery
 * codes' heading, then "Authenticator app: on."; a change's result message.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { TotpCodeForm } from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import { useMachine } from "@xstate/react"
import { type ReactNode, type RefCallback, useId, useMemo, useRef, useState } from "react"
import { errorMessage } from "../../api/client.ts"
import { type SecurityAnswer, securityApi } from "../../api/security.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { totpSetup } from "../../machines/totpSetupMachine.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { PasswordPrompt } from "./PasswordPrompt.tsx"
import { isStepUpRequired, StepUpPrompt } from "./StepUpPrompt.tsx"

/** The secret in groups of four, as apps show it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim()

function RecoveryCodes(props: {
  readonly codes: ReadonlyArray<string>
  readonly onSaved: () => void
  readonly focusOnShow: RefCallback<HTMLElement>
}) {
  const titleId = useId()
  return (
    <section className="recovery-codes" aria-labelledby={titleId}>
      <h3 id={titleId} ref={props.focusOnShow} tabIndex={-1}>
        Recovery codes
      </h3>
      <p className="form-note">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ol className="recovery-codes__list">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--primary" onClick={props.onSaved}>
        I have saved them
      </button>
    </section>
  )
}

function TotpSetup(props: {
  readonly onDone: (recoveryCodes: number) => void
  /** The member has no factor yet: the setup begins with the current password. */
  readonly needsPassword: boolean
}) {
  // The password typed in the prompt, sent with the setup's beginning (never kept in the machine's context).
  const password = useRef<string | undefined>(undefined)
  const [askingPassword, setAskingPassword] = useState(false)
  const machine = useMemo(
    () =>
      totpSetup({
        begin: () => securityApi.beginTotp(password.current),
        confirm: (code) => securityApi.confirmTotp({ code }),
      }),
    [],
  )
  const [state, send] = useMachine(machine)
  const form = useSchemaForm(TotpCodeForm, { code: "" }, ({ code }) => send({ type: "setup.confirm", code }))
  const busy = state.hasTag("busy")
  const error = state.context.error
  const focusOnShow = useFocusOnShow()
  if (state.matches("done")) return null
  if (state.matches("showingCodes")) {
    const codes = state.context.recoveryCodes
    return (
      <RecoveryCodes
        codes={codes}
        focusOnShow={focusOnShow}
        onSaved={() => {
          send({ type: "codes.saved" })
          props.onDone(codes.length)
        }}
      />
    )
  }
  if (state.matches("scanning") || state.matches("confirming")) {
    return (
      <form className="form" aria-labelledby="totp-setup-title" noValidate onSubmit={form.onSubmit}>
        <h3 id="totp-setup-title" ref={focusOnShow} tabIndex={-1}>
          Set up an authenticator app
        </h3>
        <ol className="steps">
          <li>
            Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) and
            add an account: <a href={state.context.uri}>open it on this phone</a>, or type this key:
            <p>
              <code className="totp-secret" data-secret={state.context.secret}>
                {grouped(state.context.secret)}
              </code>
            </p>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <Field
          label="Code from the app"
          autoComplete="one-time-code"
          required
          idPrefix="totp"
          {...form.field("code")}
        />
        <FormError message={error} focusOnShow={focusOnShow} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? "Checking…" : "Turn on"}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setAskingPassword(false)
              send({ type: "setup.cancel" })
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    )
  }
  if (askingPassword) {
    return (
      <PasswordPrompt
        idPrefix="totp"
        purpose="to set up an authenticator app"
        submitLabel="Continue"
        busy={busy}
        error={error}
        focusOnShow={focusOnShow}
        onSubmit={(currentPassword) => {
          password.current = currentPassword
          send({ type: "setup.start" })
        }}
        onCancel={() => setAskingPassword(false)}
      />
    )
  }
  return (
    <>
      {isStepUpRequired(error) ? (
        <StepUpPrompt focusOnShow={focusOnShow} onConfirmed={() => send({ type: "setup.start" })} />
      ) : null}
      {isStepUpRequired(error) ? null : <FormError message={error} />}
      {/* After Cancel, focus comes back to the button that opened the setup. */}
      <button
        type="button"
        className="btn btn--primary"
        ref={focusOnShow}
        disabled={busy}
        onClick={() => {
          password.current = undefined
          if (props.needsPassword) setAskingPassword(true)
          else send({ type: "setup.start" })
        }}
      >
        {busy ? "Starting…" : "Set up an authenticator app"}
      </button>
    </>
  )
}

/** Runs a change that may need the step-up: on that refusal, asks for the code, then runs it again. */
const useGuardedAction = (reload: () => void) => {
  const [retry, setRetry] = useState<(() => void) | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [codes, setCodes] = useState<ReadonlyArray<string>>([])
  // The button pressed may be gone with the change (a passkey removed, a session signed out): focus goes to
  // the change's result, its recovery codes first when it has some.
  const focusOnShow = useFocusOnShow()
  const run = (
    action: () => Promise<{ readonly message: string; readonly recoveryCodes?: ReadonlyArray<string> }>,
    onSuccess?: () => void,
  ) => {
    const attempt = () => {
      setError(null)
      setNote(null)
      action().then(
        (answer) => {
          onSuccess?.()
          setRetry(null)
          setNote(answer.message)
          setCodes(answer.recoveryCodes ?? [])
          reload()
        },
        (failure) => {
          const message = errorMessage(failure)
          if (isStepUpRequired(message)) setRetry(() => attempt)
          else setError(message)
        },
      )
    }
    attempt()
  }
  const view: ReactNode = (
    <>
      {retry === null ? null : (
        <StepUpPrompt
          focusOnShow={focusOnShow}
          onConfirmed={() => {
            const again = retry
            setRetry(null)
            again()
          }}
        />
      )}
      <FormError message={error} focusOnShow={focusOnShow} />
      {codes.length === 0 ? null : (
        <RecoveryCodes codes={codes} focusOnShow={focusOnShow} onSaved={() => setCodes([])} />
      )}
      {note === null || codes.length > 0 ? null : (
        <p className="form-note" ref={focusOnShow} tabIndex={-1}>
          {note}
        </p>
      )}
    </>
  )
  return { run, view, error, focusOnShow }
}

export function SecuritySettings(props: { readonly initial: SecurityAnswer }) {
  const [security, setSecurity] = useState(props.initial)
  const reload = () => {
    securityApi.security().then(setSecurity, () => undefined)
  }
  const guarded = useGuardedAction(reload)
  const focusOnShow = useFocusOnShow()
  // The server turned the app on when it took the first code: the page says so at once, the reload the rest.
  const totpTurnedOn = (recoveryCodesLeft: number) => {
    setSecurity((s) => ({ ...s, secondFactor: { ...s.secondFactor, totp: true, recoveryCodesLeft } }))
    reload()
  }
  const [passkeyName, setPasskeyName] = useState("")
  const { secondFactor, sessions } = security
  // Without any factor yet, the first one is set up with the current password (issue 37).
  const needsPassword = !secondFactor.totp && secondFactor.passkeys.length === 0
  const [passkeyPassword, setPasskeyPassword] = useState(false)
  return (
    <div className="security-settings">
      <section className="form-card" aria-labelledby="second-factor-title">
        <h2 id="second-factor-title">Two-factor sign-in</h2>
        <p className="form-note">
          A code from an app on your phone, asked when you sign in and again before you sell, transfer or
          convert Units, take a copy of your data, close your account, or change your password, second factor
          or bank details. Without it, whoever gets hold of your signed-in browser can do those things.
        </p>
        {secondFactor.totp ? (
          <>
            <p ref={focusOnShow} tabIndex={-1}>
              <strong>Authenticator app: on.</strong> {secondFactor.recoveryCodesLeft} recovery codes left.
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => guarded.run(securityApi.newRecoveryCodes)}
              >
                New recovery codes
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => guarded.run(securityApi.removeTotp)}
              >
                Remove the authenticator app
              </button>
            </div>
          </>
        ) : (
          <TotpSetup onDone={totpTurnedOn} needsPassword={needsPassword} />
        )}
        {guarded.view}
      </section>

      <section className="form-card" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">Passkeys</h2>
        <p className="form-note">
          Your device's fingerprint, face or screen lock instead of a code: at sign-in, and before sensitive
          changes.
        </p>
        <ul className="session-list">
          {secondFactor.passkeys.map((p) => (
            <li key={p.credentialId} className="session-list__item">
              <div>
                <strong>{p.name}</strong>
                <p className="session-list__meta">
                  Added {formatDateTimeZoned(p.createdAt)}
                  {p.lastUsedAt === undefined ? "" : ` · last used ${formatDateTimeZoned(p.lastUsedAt)}`}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={`Remove the passkey ${p.name}`}
                onClick={() => guarded.run(() => securityApi.removePasskey(p.credentialId))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor="passkey-name">Name of the new passkey (optional)</label>
          <input
            id="passkey-name"
            value={passkeyName}
            maxLength={60}
            placeholder="Laptop, phone…"
            onChange={(e) => setPasskeyName(e.target.value)}
          />
        </div>
        {passkeyPassword ? (
          <PasswordPrompt
            idPrefix="passkey"
            purpose="to add a passkey"
            submitLabel="Add a passkey"
            busy={false}
            error={null}
            focusOnShow={guarded.focusOnShow}
            onSubmit={(currentPassword) =>
              guarded.run(
                () => securityApi.addPasskey(passkeyName, currentPassword),
                () => setPasskeyPassword(false),
              )
            }
            onCancel={() => setPasskeyPassword(false)}
          />
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() =>
              needsPassword
                ? setPasskeyPassword(true)
                : guarded.run(() => securityApi.addPasskey(passkeyName))
            }
          >
            Add a passkey
          </button>
        )}
      </section>

      <section className="form-card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        <ul className="session-list">
          {sessions.map((s) => (
            <li key={s.ref} className="session-list__item">
              <div>
                <strong>{s.device}</strong>
                {s.current ? <span className="session-list__badge">This device</span> : null}
                <p className="session-list__meta">
                  Signed in {formatDateTimeZoned(s.createdAt)} · last seen {formatDateTimeZoned(s.lastSeenAt)}
                </p>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="btn btn--ghost"
                  aria-label={`Sign out ${s.device}`}
                  onClick={() => guarded.run(() => securityApi.endSession(s.ref))}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
        {sessions.length > 1 ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => guarded.run(securityApi.endOtherSessions)}
          >
            Sign out all other sessions
          </button>
        ) : null}
      </section>
    </div>
  )
}
