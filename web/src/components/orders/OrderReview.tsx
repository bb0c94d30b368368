/**
 * The review step of a sale or a conversion (issue 27): what goes in, the fee, what goes to the sales queue or
 * is locked and until when, before anything is created. "Back" edits the form as it was; "Confirm" places the
 * order (machines/orderReviewMachine.ts). The form's `focusOnShow` (lib/useFocusOnShow.ts) moves focus to the
 * review's heading when it opens, and to the refusal when confirming fails. A sale or a conversion moves Units
 * out (issue 37): when the server asks for the step-up (403 SecondFactorRequired), the review shows the step-up
 * prompt (its heading takes focus) and, once the second factor is given, confirms again: the same request under
 * the same Idempotency-Key.
 */
import { type ReactNode, type RefCallback, useId } from "react"
import { isStepUpRequired, StepUpPrompt } from "../settings/StepUpPrompt.tsx"
import { FormError } from "../shared/Field.tsx"
import type { SummaryRow } from "./OrderParts.tsx"

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
}) {
  const id = useId()
  return (
    <section className="order-review order-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={focusOnShow} tabIndex={-1}>
        {title}
      </h2>
      <p className="order-review__lead">Nothing is placed until you confirm.</p>
      <dl>
        {rows.map(([term, value, kind]) => (
          <div key={term} className={kind === "total" ? "order-summary__total" : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {notes.map((note) => (
        <p key={note} className="order-note">
          {note}
        </p>
      ))}
      {children}
      {isStepUpRequired(serverError) ? (
        <StepUpPrompt focusOnShow={focusOnShow} onConfirmed={onConfirm} />
      ) : (
        <FormError message={serverError} focusOnShow={focusOnShow} />
      )}
      <p className="payment-actions order-review__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </p>
    </section>
  )
}
