import { NewsletterForm as NewsletterSchema } from "@landunits/core/members/MemberValidation.ts"
import { api } from "../../api/endpoints.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { Form } from "../shared/Form.tsx"

const subscribe = ({ email }: { readonly email: string }) => api.subscribe(email)

/** 'Stay up to date!' (spec §2): the server's message is shown on success and failure (spec §7). */
export function NewsletterSignup({ idPrefix = "newsletter" }: { readonly idPrefix?: string }) {
  const newsletter = useSubmission(subscribe, { repeatable: true })
  const form = useSchemaForm(NewsletterSchema, { email: "" }, newsletter.submit)
  return (
    <section className="card" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>Stay up to date!</h2>
      <p className="muted">
        News from our land projects, about once a month. Confirm by email; unsubscribe any time.
      </p>
      <Form className="inline-form" noValidate onSubmit={form.onSubmit} aria-label="Newsletter">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          idPrefix={idPrefix}
          {...form.field("email")}
        />
        <button type="submit" className="btn btn--primary" disabled={newsletter.busy}>
          Subscribe
        </button>
      </Form>
      <div style={{ marginTop: 12 }}>
        <FormError message={newsletter.serverError} />
        {newsletter.succeeded ? (
          <p className="form-note" role="status">
            {newsletter.result?.message}
          </p>
        ) : null}
      </div>
    </section>
  )
}
