/** The KYC page of /dashboard/settings/kyc-verification: the two anchored parts and the KYC machine that drives them. */
import { missingRequiredFields } from "@landunits/core/kyc/KycLifecycle.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import { useMachine } from "@xstate/react"
import { useEffect, useMemo, useRef } from "react"
import { fromPromise } from "xstate"
import { homeApi } from "../../api/home.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { kycMachine, SUBMITTED_NOTICE } from "../../machines/kycMachine.ts"
import { appSession } from "../../session/session.ts"
import { isStepUpRequired, StepUpPrompt } from "../settings/StepUpPrompt.tsx"
import { KycStatusBadge } from "../shared/StatusBadge.tsx"
import { KycForm } from "./KycForm.tsx"
import { VerificationTooltip } from "./VerificationTooltip.tsx"

/** The title of the #kyc-details part (spec §2). */
export const detailsTitle = (user: User) =>
  user.userType === "BUSINESS" ? "Business Details" : "Personal Details"

const STATUS_TEXT = {
  UnVerified: "Fill in your details below, then press Save and send for review.",
  "Details Saved":
    "Your details are saved as a draft. Add anything missing, then press Save and send for review.",
  "Pending Verification": "Thank you. We are checking your details and will email you the decision.",
  Verified: "Your identity is verified: you can sell, transfer and convert Units.",
  "Not Approved":
    "Your details were not approved; the email we sent says why. Change what is needed, then press Save and send for review.",
} as const

export function KycPage({ user, today }: { readonly user: User; readonly today: string }) {
  const machine = useMemo(
    () =>
      kycMachine.provide({
        actors: {
          saveDetails: fromPromise<User, FormData>(
            async ({ input }) => (await homeApi.updateProfile(input)).user,
          ),
          submitForVerification: fromPromise<User>(async () => (await homeApi.approveProfile()).user),
        },
        actions: { userChanged: (_, u: User) => appSession().send({ type: "session.userUpdated", user: u }) },
      }),
    [],
  )
  const [state, send] = useMachine(machine, { input: { user } })
  // The step-up prompt's heading takes focus when a save of new bank details asks for it.
  const focusOnShow = useFocusOnShow()
  const lastSave = useRef<{ readonly body: FormData; readonly review: boolean } | null>(null)
  const current = state.context.user
  const status = current.kycInfo.kycStatus
  const missing = missingRequiredFields(current.kycInfo, current.userType)
  const submitted = state.context.notice === SUBMITTED_NOTICE
  // Sent from the end of a long form: bring the new status into view.
  const statusRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (submitted) statusRef.current?.scrollIntoView({ block: "start" })
  }, [submitted])
  const title = detailsTitle(current)
  return (
    <>
      <nav aria-label="KYC sections">
        <ul className="grid grid--2 tiles" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          <li>
            <a href="#verification-status">
              <div className="card">
                <strong className="tile-title">Verification Status</strong>
                <p className="muted">Where your identity check stands.</p>
              </div>
            </a>
          </li>
          <li>
            <a href="#kyc-details">
              <div className="card">
                <strong className="tile-title">{title}</strong>
                <p className="muted">
                  {current.userType === "BUSINESS"
                    ? "Your business, its documents and your own details."
                    : "Your address, contact, bank and passport details."}
                </p>
              </div>
            </a>
          </li>
        </ul>
      </nav>

      <section
        id="verification-status"
        aria-labelledby="verification-status-title"
        className="card stack-s"
        ref={statusRef}
      >
        <h2 id="verification-status-title">Verification Status</h2>
        <div className="kyc-status">
          <KycStatusBadge status={status} />
          <VerificationTooltip kycInfo={current.kycInfo} userType={current.userType} />
          <span className="muted">
            {missing.length === 0
              ? "Nothing required is missing."
              : `${missing.length} required ${missing.length === 1 ? "detail is" : "details are"} missing.`}
          </span>
        </div>
        <p style={{ margin: 0 }}>{STATUS_TEXT[status]}</p>
        {submitted ? (
          <p className="form-note" role="status">
            {state.context.notice}
          </p>
        ) : null}
      </section>

      <section id="kyc-details" aria-labelledby="kyc-details-title" className="stack-s">
        <h2 id="kyc-details-title">{title}</h2>
        <p className="muted">
          Fields marked * are required for verification. You can save a draft and come back later. Changing
          details that were verified sends them to be checked again.
        </p>
        {isStepUpRequired(state.context.error) && lastSave.current !== null ? (
          <StepUpPrompt
            focusOnShow={focusOnShow}
            onConfirmed={() => {
              const again = lastSave.current
              if (again !== null) send({ type: "kyc.save", body: again.body, review: again.review })
            }}
          />
        ) : null}
        <KycForm
          kycInfo={current.kycInfo}
          userType={current.userType}
          registrationBusinessName={current.businessName}
          today={today}
          busy={state.hasTag("busy")}
          serverError={state.context.error}
          notice={submitted ? null : state.context.notice}
          resetKey={state.context.saves}
          onSave={(body, review) => {
            // Kept for the step-up: new bank details ask the second factor again, then the same save goes.
            lastSave.current = { body, review }
            send({ type: "kyc.save", body, review })
          }}
          busyText={state.matches("submitting") ? "Sending for review…" : "Saving…"}
        />
      </section>
    </>
  )
}
