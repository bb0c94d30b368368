/**
 * /dashboard/statement (spec §2, §7 GET /etc/generate-statement): the member chooses a period and downloads
 * their statement as a PDF or a CSV. The period is checked with core's StatementRequest (the API's own rule
 * and messages) before anything is sent.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { StatementRequest } from "@landunits/core/statements/StatementRequest.ts"
import { useMachine } from "@xstate/react"
import { useMemo } from "react"
import { fromPromise } from "xstate"
import { homeApi } from "../../api/home.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { type StatementChoice, statementMachine } from "../../machines/statementMachine.ts"
import { Field, FormError } from "../shared/Field.tsx"

/** Hands a downloaded file to the browser under its name. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The default period: from the first day of this year to today (UTC). */
export const defaultPeriod = (now: number) => {
  const today = formatIsoDate(now)
  return { fromDate: `${today.slice(0, 4)}-01-01`, toDate: today }
}

export function StatementForm({ now = Date.now() }: { readonly now?: number }) {
  const machine = useMemo(
    () =>
      statementMachine.provide({
        actors: {
          fetchStatement: fromPromise<Blob, StatementChoice>(({ input }) =>
            homeApi.statement(input.fromDate, input.toDate, input.format),
          ),
        },
        actions: { saveFile: (_, { blob, name }) => saveBlob(blob, name) },
      }),
    [],
  )
  const [state, send] = useMachine(machine)
  const form = useSchemaForm(
    StatementRequest,
    { ...defaultPeriod(now), format: "pdf" } as Record<"fromDate" | "toDate" | "format", string>,
    (value) =>
      send({
        type: "statement.download",
        choice: { fromDate: value.fromDate, toDate: value.toDate, format: value.format ?? "pdf" },
      }),
  )
  const format = form.field("format")
  const busy = state.hasTag("busy")
  return (
    <form className="form form-card" aria-label="Transaction statement" noValidate onSubmit={form.onSubmit}>
      <div className="form-grid">
        <Field {...form.field("fromDate")} label="From date" type="date" required idPrefix="statement" />
        <Field
          {...form.field("toDate")}
          label="To date"
          type="date"
          required
          idPrefix="statement"
          hint="Both days are included; dates are UTC."
        />
      </div>
      <fieldset className="form-section" style={{ padding: "var(--space-3) var(--space-4)" }}>
        <legend>Format</legend>
        {(
          [
            ["pdf", "PDF document"],
            ["csv", "CSV spreadsheet"],
          ] as const
        ).map(([value, label]) => (
          <div className="field--check" key={value}>
            <input
              type="radio"
              id={`statement-format-${value}`}
              name="format"
              value={value}
              checked={format.value === value}
              onChange={format.onChange}
              className="switch"
            />
            <label htmlFor={`statement-format-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <FormError message={state.context.error} />
      {state.matches("saved") && state.context.savedName !== null ? (
        <p className="form-note" role="status">
          Your statement {state.context.savedName} has been downloaded.
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "Preparing your statement…" : "Download statement"}
        </button>
      </div>
    </form>
  )
}
