/**
 * The home, landing and business pages' contact block (spec §2: 'Talk to us', 'Chat with a Project Manager') with
 * the newsletter sign-up ('Stay up to date!'). Apart from Marketing.tsx so that the pages without a form do not
 * load the form's validation (Effect's Schema, about 26 KB gzip).
 */
import { Link } from "@tanstack/react-router"
import { CONTACT } from "../../content/site.ts"
import { NewsletterSignup } from "./NewsletterForm.tsx"

export function ContactBlock() {
  return (
    <section className="section section--tint" aria-labelledby="contact-title">
      <div className="container grid grid--2">
        <div>
          <h2 id="contact-title">Talk to us</h2>
          <p>
            Questions about Units, payments or verification? Write to{" "}
            <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or call {CONTACT.phone}.
          </p>
          <div style={{ display: "flex", flexWrap: "wrap", gap: 12 }}>
            <Link className="btn btn--primary" to="/dashboard/saleschat">
              Chat with a Project Manager
            </Link>
            <Link className="btn btn--ghost" to="/contact-us">
              Contact form
            </Link>
          </div>
        </div>
        <NewsletterSignup />
      </div>
    </section>
  )
}
