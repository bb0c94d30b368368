import type { ReactNode } from "react"
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
      {props.error ? (
        <p className="field__error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/** The server's message under a form (spec §8); announced when it appears. */
export function FormError({ message }: { readonly message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null
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
      {props.error ? (
        <p className="field__error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
