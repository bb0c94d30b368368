/**
 * The contact form (POST /user/create_contact_form_email). The spec does not give its fields; these are
 * the house's: name, email (the newsletter's email rule and messages), an optional subject, the message.
 */
import { Schema } from "effect"
import { EMAIL_PATTERN } from "../members/MemberValidation.ts"
import { maxLength, minLength, optionalText, pattern, requiredText } from "../validation/Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "../validation/Messages.ts"

export const ContactForm = Schema.Struct({
  name: requiredText(H.contactNameRequired, maxLength(100, H.contactNameMaxLength)),
  email: requiredText(
    S.emailRequired,
    maxLength(255, H.emailMaxLength),
    pattern(EMAIL_PATTERN, S.invalidEmailFormat),
  ),
  subject: optionalText(maxLength(200, H.contactSubjectMaxLength)),
  message: requiredText(
    H.contactMessageRequired,
    minLength(10, H.contactMessageMinLength),
    maxLength(2000, H.contactMessageMaxLength),
  ),
})
export type ContactForm = typeof ContactForm.Type
