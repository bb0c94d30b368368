import type { ReactNode, RefCallback } from "react"
import type { CheckboxProps, FieldProps } from "../../forms/useSchemaForm.ts"

interface Props extends FieldProps {
  readonly label: string
  readonly type?: "text" | "email" | "password" | "tel" | "date"
  readonly autoComplete?: string
  readonly hint?: ReactNode
  readonly multiline?: boolean
  readonly required?: boolean
  readonly idPrefix?: string
  /** The id of a <datalist> of suggestions (a searchable list the member may pick from). */
  readonly list?: string
}

/** A labelled input with its hint and its message, wired for screen readers. */
export function Field(props: Props) {
  const id = `${props.idPrefix ?? "f"}-${props.name}`
  const described = [props.hint ? `${id}-hint` : undefined, props.error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(" ")
  const common = {
    id,
    name: props.name,
    value: props.value,
    onChange: props.onChange,
    onBlur: props.onBlur,
    "aria-invalid": props.error !== undefined,
    "aria-describedby": described === "" ? undefined : described,
    "aria-required": props.required,
  }
  return (
    <div className={`field${props.error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.multiline ? (
        <textarea rows={5} {...common} />
      ) : (
        <input type={props.type ?? "text"} autoComplete={props.autoComplete} list={props.list} {...common} />
      )}
      {props.hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  )
}

/**
 * A field's message, inside a polite live region that is in the DOM before any message (WCAG 4.1.3: a region
 * must exist before its content changes for the change to be announced), so the message shown when the member
 * leaves the field is read without taking focus. The message carries `id`; the field names it in
 * `aria-describedby` only while it is shown. An empty region adds no gap (app.css, `.live-region`).
 */
export function FieldError({
  id,
  message,
}: {
  readonly id: string
  readonly message: string | null | undefined
}) {
  return (
    <div className="live-region" aria-live="polite">
      {message ? (
        <p className="field__error" id={id}>
          {message}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The server's message under a form (spec §8); announced when it appears (`role="alert"`). Given `focusOnShow`
 * (lib/useFocusOnShow.ts: a step whose refusal is the member's next thing to read, their button maybe gone),
 * it takes focus instead, which reads it; an alert as well would say it twice. A new message is a new element,
 * so it takes focus again.
 */
export function FormError({
  message,
  focusOnShow,
}: {
  readonly message: string | null
  readonly focusOnShow?: RefCallback<HTMLElement> | undefined
}) {
  if (!message) return null
  return focusOnShow === undefined ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : (
    <p key={message} className="form-error" ref={focusOnShow} tabIndex={-1}>
      {message}
    </p>
  )
}

/** A labelled checkbox with its message, wired for screen readers; the label may hold a link. */
export function CheckboxField(
  props: CheckboxProps & {
    readonly label: ReactNode
    readonly required?: boolean
    readonly idPrefix?: string
  },
) {
  const id = `${props.idPrefix ?? "f"}-${props.name}`
  return (
    <div className={`field field--checkbox${props.error ? " field--invalid" : ""}`}>
      <input
        id={id}
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={props.onChange}
        onBlur={props.onBlur}
        aria-invalid={props.error !== undefined}
        aria-required={props.required}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{props.label}</label>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  )
}
