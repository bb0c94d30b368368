/**
 * /dashboard/settings/change-password (spec §5 Change password): the current password, a new one under the one
 * password rule (core's members/PasswordRule.ts, its hint shown as on every form that sets a password), and its
 * confirmation, checked with core's ChangePasswordForm (the API's own schema) and its exact messages; sent to
 * POST /user/update_user_password.
 * The member's other sessions end; this one carries on.
 */
import { ChangePasswordForm } from "@landunits/core/members/MemberValidation.ts"
import { PASSWORD_RULE } from "@landunits/core/members/PasswordRule.ts"
import { useRef } from "react"
import { homeApi } from "../../api/home.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { Field, FormError } from "../shared/Field.tsx"
import { isStepUpRequired, StepUpPrompt } from "./StepUpPrompt.tsx"

export function ChangePasswordFormView() {
  const submission = useSubmission(homeApi.changePassword, { repeatable: true })
  // Kept for the step-up: the same change is sent again once the second factor is given.
  const last = useRef<ChangePasswordForm | null>(null)
  const focusOnShow = useFocusOnShow()
  const form = useSchemaForm(
    ChangePasswordForm,
    { currentPassword: "", newPassword: "", confirmNewPassword: "" },
    (value) => {
      last.current = value
      submission.submit(value)
      form.reset()
    },
  )
  if (isStepUpRequired(submission.serverError) && last.current !== null) {
    const change = last.current
    return <StepUpPrompt focusOnShow={focusOnShow} onConfirmed={() => submission.submit(change)} />
  }
  return (
    <form className="form form-card" aria-label="Change password" noValidate onSubmit={form.onSubmit}>
      <Field
        {...form.field("currentPassword")}
        label="Current password"
        type="password"
        required
        autoComplete="current-password"
        idPrefix="password"
      />
      <Field
        {...form.field("newPassword")}
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        idPrefix="password"
      />
      <Field
        {...form.field("confirmNewPassword")}
        label="Confirm new password"
        type="password"
        required
        autoComplete="new-password"
        idPrefix="password"
      />
      <FormError message={submission.serverError} />
      {submission.succeeded && !submission.busy && submission.result !== null ? (
        <p className="form-note" role="status">
          {submission.result.message}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn--primary" disabled={submission.busy}>
          {submission.busy ? "Changing…" : "Change password"}
        </button>
      </div>
    </form>
  )
}
