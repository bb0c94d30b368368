import { ContactForm as ContactSchema } from "@landunits/core/content/ContactForm.ts"
import { createFileRoute, Link } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { PageHead } from "../components/layout/Page.tsx"
import { Field, FormError } from "../components/shared/Field.tsx"
import { Form } from "../components/shared/Form.tsx"
import { CONTACT } from "../content/site.ts"
import { useSchemaForm } from "../forms/useSchemaForm.ts"
import { pageHead } from "../lib/pageHead.ts"
import { useSubmission } from "../machines/submissionMachine.ts"

const sendMessage = (form: typeof ContactSchema.Type) => api.contact(form)

function ContactUs() {
  const contact = useSubmission(sendMessage)
  const form = useSchemaForm(ContactSchema, { name: "", email: "", subject: "", message: "" }, contact.submit)
  return (
    <>
      <PageHead
        eyebrow="Contact"
        title="Contact us"
        lead="We answer every message within two working days."
      />
      <div className="container section grid grid--2">
        <div className="form-card">
          {contact.succeeded ? (
            <p className="form-note" role="status">
              {contact.result?.message}
            </p>
          ) : (
            <Form className="form" noValidate onSubmit={form.onSubmit} aria-label="Contact form">
              <Field label="Name" autoComplete="name" required idPrefix="contact" {...form.field("name")} />
              <Field
                label="Email"
                type="email"
                autoComplete="email"
                required
                idPrefix="contact"
                {...form.field("email")}
              />
              <Field label="Subject" idPrefix="contact" {...form.field("subject")} />
              <Field label="Message" multiline required idPrefix="contact" {...form.field("message")} />
              <FormError message={contact.serverError} />
              <button type="submit" className="btn btn--primary" disabled={contact.busy}>
                Send message
              </button>
            </Form>
          )}
        </div>
        <div>
          <h2>Talk to us</h2>
          <p>
            Email <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            <br />
            Phone {CONTACT.phone}
            <br />
            {CONTACT.address}
          </p>
          <Link className="btn btn--ghost" to="/dashboard/saleschat">
            Chat with a Project Manager
          </Link>
        </div>
      </div>
    </>
  )
}

export const Route = createFileRoute("/contact-us")({
  head: () => pageHead("Contact us", "Write to us, call us or chat with a project manager."),
  component: ContactUs,
})
