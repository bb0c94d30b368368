/** The profile form of /dashboard/settings (spec §3 Profile form, §5): names and an optional new password, sent multipart to POST /user/update_profile. */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { makeProfileSchema, type ProfileInput } from "@landunits/core/members/MemberValidation.ts"
import { PASSWORD_RULE } from "@landunits/core/members/PasswordRule.ts"
import { Link } from "@tanstack/react-router"
import { useMemo } from "react"
import { homeApi } from "../../api/home.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { appSession } from "../../session/session.ts"
import { Field, FormError } from "../shared/Field.tsx"

/** The multipart body of the profile form: only what the member filled in (spec §5: sent only when non-empty). */
export const profileFormData = (profile: ProfileInput): FormData => {
  const body = new FormData()
  body.set("email", profile.email)
  body.set("firstName", profile.firstName)
  if (profile.lastName !== undefined) body.set("lastName", profile.lastName)
  if (profile.newPassword !== undefined) body.set("newPassword", profile.newPassword)
  if (profile.currentPassword !== undefined) body.set("currentPassword", profile.currentPassword)
  if (profile.confirmNewPassword !== undefined) body.set("confirmNewPassword", profile.confirmNewPassword)
  return body
}

const sendProfile = async (profile: ProfileInput): Promise<User> => {
  const { user } = await homeApi.updateProfile(profileFormData(profile))
  appSession().send({ type: "session.userUpdated", user })
  return user
}

type ProfileField =
  | "email"
  | "firstName"
  | "lastName"
  | "userType"
  | "newPassword"
  | "currentPassword"
  | "confirmNewPassword"

export function ProfileForm({ user, today }: { readonly user: User; readonly today: string }) {
  const submission = useSubmission(sendProfile, { repeatable: true })
  const schema = useMemo(() => makeProfileSchema(today), [today])
  const form = useSchemaForm(
    schema,
    {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      userType: user.userType,
      newPassword: "",
      currentPassword: "",
      confirmNewPassword: "",
    } satisfies Record<ProfileField, string>,
    (value) => {
      submission.submit(value)
      // Passwords are not kept on screen once sent.
      form.reset({ ...form.values, newPassword: "", currentPassword: "", confirmNewPassword: "" })
    },
  )
  const email = form.field("email")
  return (
    <form className="form form-card" aria-label="Profile" noValidate onSubmit={form.onSubmit}>
      <div className="field">
        <label htmlFor="profile-email">Email</label>
        <input
          id="profile-email"
          name="email"
          type="email"
          value={email.value}
          readOnly
          aria-describedby="profile-email-hint"
        />
        <p className="field__hint" id="profile-email-hint">
          Your sign-in address. To change it, please <Link to="/contact-us">contact support</Link>.
        </p>
      </div>
      <div className="form-grid">
        <Field
          {...form.field("firstName")}
          label="First Name"
          required
          autoComplete="given-name"
          idPrefix="profile"
        />
        <Field {...form.field("lastName")} label="Last Name" autoComplete="family-name" idPrefix="profile" />
      </div>
      <p className="muted small" style={{ margin: 0 }}>
        Account type:{" "}
        {user.userType === "BUSINESS"
          ? `Business${user.businessName ? ` (${user.businessName})` : ""}`
          : "Individual"}
      </p>
      <fieldset className="form-section">
        <legend>New password (optional)</legend>
        <p className="muted small" style={{ margin: 0 }}>
          Leave these empty to keep your password.
        </p>
        <Field
          {...form.field("currentPassword")}
          label="Current password"
          type="password"
          autoComplete="current-password"
          idPrefix="profile"
        />
        <div className="form-grid">
          <Field
            {...form.field("newPassword")}
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_RULE}
            idPrefix="profile"
          />
          <Field
            {...form.field("confirmNewPassword")}
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            idPrefix="profile"
          />
        </div>
      </fieldset>
      <FormError message={submission.serverError} />
      {submission.succeeded && !submission.busy ? (
        <p className="form-note" role="status">
          Your profile has been saved.
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn--primary" disabled={submission.busy}>
          {submission.busy ? "Saving…" : "Save profile"}
        </button>
      </div>
    </form>
  )
}
