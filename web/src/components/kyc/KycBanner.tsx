/**
 * The banner over the member pages until the identity check is done (issue 27): what to do next for the
 * member's KYC status, with a link to the step. Not shown on the KYC page itself (the page says it there).
 */
import { useLocation } from "@tanstack/react-router"
import { useSessionUser } from "../../session/session.ts"
import { KYC_PAGE, kycNextStep } from "./kycNextStep.ts"

export function KycBanner() {
  const user = useSessionUser()
  const pathname = useLocation({ select: (l) => l.pathname })
  const step = user === null ? undefined : kycNextStep(user)
  if (step === undefined || pathname.replace(/\/$/, "") === KYC_PAGE) return null
  return (
    <aside className={`kyc-banner kyc-banner--${step.tone}`} aria-label="Identity verification" data-private>
      <div className="container kyc-banner__body">
        <p>{step.text}</p>
        <a
          className={`btn ${step.tone === "todo" ? "btn--primary" : "btn--ghost"} kyc-banner__link`}
          href={step.link.href}
        >
          {step.link.label}
        </a>
      </div>
    </aside>
  )
}
