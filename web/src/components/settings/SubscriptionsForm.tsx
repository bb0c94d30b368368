/**
 * /dashboard/settings/subscriptions (spec §2, §7 POST /user/manage-user-subscriptions): which optional emails
 * the member gets. Marketing is off until the member turns it on (docs/decisions.md); emails needed to run
 * the account are not choices and are not listed as such.
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import type {
  EmailSubscriptions,
  MemberSubscriptions,
  SubscriptionTopic,
} from "@landunits/core/subscriptions/SubscriptionsModel.ts"
import { type FormEvent, useState } from "react"
import { homeApi, type SubscriptionsAnswer } from "../../api/home.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { FormError } from "../shared/Field.tsx"

const TOPICS: ReadonlyArray<readonly [SubscriptionTopic, string, string]> = [
  ["orderUpdates", "Order updates", "An email at each status change of your orders."],
  ["governance", "Governance", "New votes opening and results being published."],
  ["news", "News", "New articles in the news section."],
  ["newsletter", "Newsletter", "Our newsletter about the land projects and the platform."],
]

export function SubscriptionsForm({ initial }: { readonly initial: MemberSubscriptions }) {
  const [choices, setChoices] = useState<EmailSubscriptions>({
    newsletter: initial.newsletter,
    orderUpdates: initial.orderUpdates,
    governance: initial.governance,
    news: initial.news,
  })
  const submission = useSubmission(homeApi.saveSubscriptions, { repeatable: true })
  const saved: MemberSubscriptions =
    (submission.result as SubscriptionsAnswer | null)?.subscriptions ?? initial
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submission.submit(choices)
  }
  return (
    <form className="form form-card" aria-label="Email subscriptions" onSubmit={onSubmit}>
      <fieldset className="form-section">
        <legend>Emails you get</legend>
        {TOPICS.map(([topic, label, text]) => (
          <div className="field--check" key={topic}>
            <input
              type="checkbox"
              className="switch"
              id={`sub-${topic}`}
              name={topic}
              checked={choices[topic]}
              aria-describedby={`sub-${topic}-hint`}
              onChange={(e) => setChoices((c) => ({ ...c, [topic]: e.target.checked }))}
            />
            <div>
              <label htmlFor={`sub-${topic}`}>{label}</label>
              <p className="field__hint" id={`sub-${topic}-hint`}>
                {text}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <p className="muted small" style={{ margin: 0 }}>
        Emails needed to run your account (confirmations, password resets, identity verification decisions,
        payment and payout notices) are always sent.{" "}
        {saved.updatedAt === null
          ? "You have not changed these choices yet."
          : `Last changed ${formatDateTimeZoned(saved.updatedAt)}.`}
      </p>
      <FormError message={submission.serverError} />
      {submission.succeeded && !submission.busy ? (
        <p className="form-note" role="status">
          Your email choices have been saved.
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn--primary" disabled={submission.busy}>
          {submission.busy ? "Saving…" : "Save choices"}
        </button>
      </div>
    </form>
  )
}
