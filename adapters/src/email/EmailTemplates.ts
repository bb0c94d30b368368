/**
 * The text of every email the platform sends, by template name (what core enqueues), with links built on
 * the app's public URL. Plain text, with an HTML twin whose every value is escaped.
 */
import { AccountEmail } from "@landunits/core/accounts/AccountService.ts"
import { ContentEmail } from "@landunits/core/content/ContentService.ts"
import { EmailTemplate } from "@landunits/core/notifications/NotificationModel.ts"
import { SalesChatEmail } from "@landunits/core/saleschat/SalesChatService.ts"
import { Schema } from "effect"

export class UnknownEmailTemplate extends Schema.TaggedError<UnknownEmailTemplate>()("UnknownEmailTemplate", {
  message: Schema.String,
}) {}

export interface RenderedEmail {
  readonly subject: string
  readonly text: string
  readonly html: string
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  )

const email = (
  subject: string,
  paragraphs: ReadonlyArray<string>,
  link?: { readonly label: string; readonly url: string },
) => ({
  subject,
  text: [
    ...paragraphs,
    ...(link === undefined ? [] : [`${link.label}: ${link.url}`]),
    "",
    "The Landunits team",
  ].join("\n\n"),
  html: [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link === undefined ? [] : [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`]),
    "<p>The Landunits team</p>",
  ].join("\n"),
})

type Renderer = (data: Readonly<Record<string, string>>, appUrl: string) => RenderedEmail

const hello = (data: Readonly<Record<string, string>>) => `Hello ${data.firstName ?? ""},`.replace(" ,", ",")

export const templates: Readonly<Record<string, Renderer>> = {
  [AccountEmail.confirmEmail]: (data, appUrl) =>
    email(
      "Confirm your email address",
      [
        hello(data),
        "Thank you for registering with Landunits. Please confirm your email address within 12 hours.",
      ],
      {
        label: "Confirm my email",
        url: `${appUrl}/account/confirm?token=${encodeURIComponent(data.token ?? "")}`,
      },
    ),
  [AccountEmail.resetPassword]: (data, appUrl) =>
    email(
      "Reset your password",
      [
        hello(data),
        "Someone asked to reset the password of your Landunits account. The link works for one hour. If it was not you, ignore this email.",
      ],
      {
        label: "Choose a new password",
        url: `${appUrl}/login/reset?token=${encodeURIComponent(data.token ?? "")}`,
      },
    ),
  [ContentEmail.newsletterVerification]: (data, appUrl) =>
    email(
      "Confirm your newsletter subscription",
      ["Please confirm that you want to receive the Landunits newsletter."],
      {
        label: "Confirm my subscription",
        url: `${appUrl}/subscribe/confirm?token=${encodeURIComponent(data.token ?? "")}`,
      },
    ),
  [ContentEmail.contactForm]: (data) =>
    email(`Contact form: ${data.subject ?? ""}`, [
      `From: ${data.name ?? ""} <${data.email ?? ""}>${data.memberId === undefined ? "" : ` (member ${data.memberId})`}`,
      data.message ?? "",
    ]),
  [EmailTemplate.kycVerified]: (data) =>
    email("Your identity is verified", [
      hello(data),
      "Your KYC verification is complete. You can now sell, transfer and convert Units.",
    ]),
  [EmailTemplate.kycNotApproved]: (data) =>
    email("Your identity verification needs attention", [
      hello(data),
      `We could not verify your identity: ${data.reason ?? ""}`,
      "Please correct your details in your profile and submit them again.",
    ]),
  [SalesChatEmail.reply]: (data, appUrl) =>
    email(
      "The sales team answered your message",
      [hello(data), `${data.authorName ?? "The sales team"} wrote:`, data.text ?? ""],
      { label: "Open the sales chat", url: `${appUrl}/dashboard/saleschat` },
    ),
}

export const renderEmail = (
  template: string,
  data: Readonly<Record<string, string>>,
  appUrl: string,
): RenderedEmail | UnknownEmailTemplate => {
  const render = templates[template]
  return render === undefined
    ? new UnknownEmailTemplate({ message: `No email template is named ${template}` })
    : render(data, appUrl.replace(/\/$/, ""))
}
