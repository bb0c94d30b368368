/**
 * The review step of a sale or a conversion (issue 27): what goes in, the fee, what goes to the sales queue or
 * is locked and until when, before anything is created. "Back" edits the form as it was; "Confirm" places the
 * order (machines/orderReviewMachine.ts). The form's `focusOnShow` (lib/useFocusOnShow.ts) moves focus to the
 * review's heading when it opens, and to the refusal when confirming fails. A sale or a conversion moves Units
 * out (issue 37): when the server asks for the step-up (403 SecondFactorRequired), the review shows the step-up
 * prompt (its heading takes focus) and, once the second factor is given, confirms again: the same request under
 * the same Idempotency-Key.
 *
 * A review that asks for something before confirming (the buy's purchase-order reference and business-purpose
 * confirmation, issue 46) passes `onSubmit`: what it asks (`children`), its refusal and its two buttons are then a
 * form, "Confirm" submits it, and the form's own checks decide whether anything is sent.
 */
import { type FormEvent, type ReactNode, type RefCallback, useId } from "react"
import { isStepUpRequired, StepUpPrompt } from "../settings/StepUpPrompt.tsx"
import { FormError } from "../shared/Field.tsx"
import { type SummaryRow, SummaryTerm } from "./OrderParts.tsx"

export function OrderReview({
  title,
  rows,
  notes,
  serverError,
  busy,
  confirmLabel,
  busyLabel,
  onBack,
  onConfirm,
  focusOnShow,
  children,
  onSubmit,
  formLabel,
}: {
  readonly title: string
  readonly rows: ReadonlyArray<SummaryRow>
  readonly notes: ReadonlyArray<string>
  readonly serverError: string | null
  readonly busy: boolean
  readonly confirmLabel: string
  readonly busyLabel: string
  readonly onBack: () => void
  readonly onConfirm: () => void
  readonly focusOnShow: RefCallback<HTMLElement>
  /** What the review offers beside its figures (a convert's suggested number of Units), after the notes. */
  readonly children?: ReactNode
  /** The review asks for something (`children`): they and the buttons are a form, "Confirm" submits it. */
  readonly onSubmit?: (e: FormEvent) => void
  /** The form's accessible name, with `onSubmit`. */
  readonly formLabel?: string
}) {
  const id = useId()
  const refusal = isStepUpRequired(serverError) ? (
    <StepUpPrompt focusOnShow={focusOnShow} onConfirmed={onConfirm} />
  ) : (
    <FormError message={serverError} focusOnShow={focusOnShow} />
  )
  const actions = (
    <p className="payment-actions order-review__actions">
      <button type="button" className="btn btn--ghost" onClick={onBack} disabled={busy}>
        Back
      </button>
      <button
        type={onSubmit === undefined ? "button" : "submit"}
        className="btn btn--primary"
        onClick={onSubmit === undefined ? onConfirm : undefined}
        disabled={busy}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </p>
  )
  return (
    <section className="order-review order-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={focusOnShow} tabIndex={-1}>
        {title}
      </h2>
      <p className="order-review__lead">Nothing is placed until you confirm.</p>
      <dl>
        {rows.map(([term, value, kind, why]) => (
          <div key={term} className={kind === "total" ? "order-summary__total" : undefined}>
            <SummaryTerm term={term} why={why} />
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {notes.map((note) => (
        <p key={note} className="order-note">
          {note}
        </p>
      ))}
      {onSubmit === undefined ? (
        <>
          {children}
          {refusal}
          {actions}
        </>
      ) : (
        <form className="form order-review__form" noValidate onSubmit={onSubmit} aria-label={formLabel}>
          {children}
          {/* The step-up prompt is a form of its own: a buy never asks for it (it moves nothing out). */}
          <FormError message={serverError} focusOnShow={focusOnShow} />
          {actions}
        </form>
      )}
    </section>
  )
}
