/** Registration, the signed-in member's bundle, password change, recipient lookup, contact form (spec §7, /user). */
import { AccountNotFound, EmailTaken, InvalidCredentials } from "@landunits/core/accounts/AccountErrors.ts"
import { ContactForm } from "@landunits/core/content/ContactForm.ts"
import {
  ChangePasswordForm,
  NewsletterForm,
  RegistrationRequest,
} from "@landunits/core/members/MemberValidation.ts"
import { InvalidOrderRequest, RecipientNotFound } from "@landunits/core/orders/OrderErrors.ts"
import { SecondFactorRequired } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MessageAnswer, UserBundle } from "./Answers.ts"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"
import { Authentication, WithOwnRecords } from "./Authentication.ts"

export class UserApi extends HttpApiGroup.make("user").add(
  HttpApiEndpoint.post("register", "/user/register", {
    payload: RegistrationRequest,
    success: MessageAnswer,
    error: [EmailTaken, TooManyAttemptsAnswer],
  }),
  HttpApiEndpoint.post("cancelRegistration", "/user/register/cancel", {
    payload: NewsletterForm,
    success: MessageAnswer,
  }),
  HttpApiEndpoint.post("contact", "/user/create_contact_form_email", {
    payload: ContactForm,
    success: MessageAnswer,
    error: TooManyAttemptsAnswer,
  }),
  HttpApiEndpoint.get("me", "/user", { success: UserBundle, error: AccountNotFound })
    .middleware(Authentication)
    .annotate(WithOwnRecords, true),
  HttpApiEndpoint.post("changePassword", "/user/update_user_password", {
    payload: ChangePasswordForm,
    success: MessageAnswer,
    error: [InvalidCredentials, AccountNotFound, SecondFactorRequired],
  }).middleware(Authentication),
  HttpApiEndpoint.get("userNameByEmail", "/user/getUserNameByEmail", {
    query: { email: Schema.String.check(Schema.isMinLength(3, { message: "Email is required" })) },
    success: Schema.Struct({ name: Schema.String }),
    error: [RecipientNotFound, InvalidOrderRequest, TooManyAttemptsAnswer],
  }).middleware(Authentication),
) {}
