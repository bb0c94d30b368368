/**
 * Form state checked with one of core's schemas (the same ones the API uses), so a form shows the spec's
 * messages word for word. A field's message shows once it was left (blur) or after a submit attempt, and
 * is recomputed on every change from then on.
 */
import { firstErrorByPath, validate } from "@landunits/core/validation/Issues.ts"
import type { Schema } from "effect"
import { type ChangeEvent, type FormEvent, useState } from "react"

export type FormValues<K extends string> = Record<K, string>

export interface FieldProps {
  readonly name: string
  readonly value: string
  readonly error: string | undefined
  readonly onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  readonly onBlur: () => void
}

export interface CheckboxProps {
  readonly name: string
  readonly checked: boolean
  readonly error: string | undefined
  readonly onChange: (e: ChangeEvent<HTMLInputElement>) => void
  readonly onBlur: () => void
}

export const useSchemaForm = <K extends string, S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  initial: FormValues<K>,
  onValid: (value: S["Type"]) => void,
  /** Shapes the form's flat values into the schema's input (nested forms name fields by dotted path). */
  toInput: (values: FormValues<K>) => unknown = (values) => values,
) => {
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)

  const checked = validate(schema, toInput(values))
  const errors = checked.ok ? {} : firstErrorByPath(checked.errors)

  const field = (name: K): FieldProps => ({
    name,
    value: values[name],
    error: attempted || touched.has(name) ? errors[name] : undefined,
    onChange: (e) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((t) => new Set(t).add(name)),
  })

  /** A checkbox held as "true" or "" among the string values (`toInput` turns it into a boolean). */
  const checkbox = (name: K): CheckboxProps => ({
    name,
    checked: values[name] === "true",
    error: attempted || touched.has(name) ? errors[name] : undefined,
    onChange: (e) => {
      const checked = e.target.checked
      setValues((v) => ({ ...v, [name]: checked ? "true" : "" }))
      setTouched((t) => new Set(t).add(name))
    },
    onBlur: () => setTouched((t) => new Set(t).add(name)),
  })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setAttempted(true)
    // Checked again as the form is sent: `toInput` may depend on how it is sent (the KYC form's two buttons).
    const sent = validate(schema, toInput(values))
    if (sent.ok) {
      onValid(sent.value)
    } else {
      // Keyboard users land on the first field to fix.
      const first = Object.keys(firstErrorByPath(sent.errors))[0]
      if (first !== undefined) {
        const form = e.currentTarget as HTMLFormElement
        form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      }
    }
  }

  const reset = (next: FormValues<K> = initial) => {
    setValues(next)
    setTouched(new Set())
    setAttempted(false)
  }

  return { values, field, checkbox, onSubmit, reset, errors }
}
