/**
 * The text of every email the platform sends, by template name (what core enqueues), with links built on
 * the app's public URL. Plain text, with an HTML twin whose every value is escaped.
 */
import { AccountEmail } from "@landunits/core/accounts/AccountService.ts"
import { SecurityEmail } from "@landunits/core/accounts/SecurityEmails.ts"
import { ApprovalEmail } from "@landunits/core/approvals/ApprovalService.ts"
import { ContentEmail } from "@landunits/core/content/ContentService.ts"
import { AMOUNT_TAX_NOTE } from "@landunits/core/invoices/TaxWords.ts"
import { EmailTemplate } from "@landunits/core/notifications/NotificationModel.ts"
import { OrderEmail } from "@landunits/core/orders/OrderEmails.ts"
import { PrivacyEmail } from "@landunits/core/privacy/PrivacyService.ts"
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
    // A paragraph's own lines (the bank details, one to a line) stay lines.
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>\n")}</p>`),
    ...(link === undefined ? [] : [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`]),
    "<p>The Landunits team</p>",
  ].join("\n"),
})

type Renderer = (data: Readonly<Record<string, string>>, appUrl: string) => RenderedEmail

const hello = (data: Readonly<Record<string, string>>) => `Hello ${data.firstName ?? ""},`.replace(" ,", ",")

/** The order's own page (issue 27), where the member finds everything about it again. */
const orderLink = (data: Readonly<Record<string, string>>, appUrl: string) => ({
  label: "See your order",
  url: `${appUrl}/dashboard/transaction/${encodeURIComponent(data.orderId ?? "")}`,
})

const payBeforeLine = (data: Readonly<Record<string, string>>) =>
  data.payBefore === undefined
    ? []
    : [`Pay before ${data.payBefore}. After that the order expires and its Units are released.`]

/** " from Chrome on macOS", or nothing when the device is not known. */
const fromDevice = (data: Readonly<Record<string, string>>) =>
  data.device === undefined ? "" : ` from ${data.device}`

/** "An authenticator app" / "A passkey named …": the factor of a second-factor email, starting a sentence. */
const factorSentence = (data: Readonly<Record<string, string>>) => {
  const factor = data.factor ?? "a second factor"
  return factor.charAt(0).toUpperCase() + factor.slice(1)
}

/** "An authenticator app" / "A passkey", for a subject. */
const factorKind = (data: Readonly<Record<string, string>>) =>
  data.kind === "authenticator app"
    ? "An authenticator app"
    : data.kind === "passkey"
      ? "A passkey"
      : "A second factor"

/** Where a member who did not make a change resets the password (the reset ends every session) and asks for help. */
const resetAndContact = (appUrl: string) =>
  `reset your password now at ${appUrl}/login-forgot (the link comes to this address, and a reset signs out every session, the other person's too), and contact us at ${appUrl}/contact-us.`

const resetLink = (appUrl: string) => ({ label: "Reset your password", url: `${appUrl}/login-forgot` })

export const templates: Readonly<Record<string, Renderer>> = {
  // Security changes (issue 38): what happened, when and from where, and what to do if it was not the member.
  [SecurityEmail.passwordChanged]: (data, appUrl) =>
    email(
      "Your Landunits password was changed",
      [
        hello(data),
        `The password of your Landunits account was changed on ${data.at ?? ""}${fromDevice(data)}. Your other sessions were signed out.`,
        "If this was you, there is nothing to do.",
        `If it was not you, someone else knows your password and was signed in as you: ${resetAndContact(appUrl)} Then check your second factors and sessions in your settings (${appUrl}/dashboard/settings/security).`,
      ],
      resetLink(appUrl),
    ),
  [SecurityEmail.passwordReset]: (data, appUrl) =>
    email(
      "Your Landunits password was reset",
      [
        hello(data),
        `The password of your Landunits account was reset with the link we emailed to this address, on ${data.at ?? ""}${data.address === undefined ? "" : ` from the address ${data.address}`}. Every session was signed out.`,
        "If this was you, there is nothing to do.",
        `If it was not you, someone can read your email: secure your email account first (change its password), then ${resetAndContact(appUrl)}`,
      ],
      resetLink(appUrl),
    ),
  [SecurityEmail.secondFactorAdded]: (data, appUrl) =>
    email(
      `${factorKind(data)} was added to your Landunits account`,
      [
        hello(data),
        `${factorSentence(data)} was added to your account's two-factor sign-in on ${data.at ?? ""}${fromDevice(data)}. It can now confirm your sign-ins and changes; your other sessions were signed out.`,
        "If this was you, there is nothing to do.",
        `If it was not you, someone signed in as you and can now confirm sign-ins with it: ${resetAndContact(appUrl)} Then remove it in your security settings (${appUrl}/dashboard/settings/security).`,
      ],
      { label: "Review your security settings", url: `${appUrl}/dashboard/settings/security` },
    ),
  [SecurityEmail.secondFactorRemoved]: (data, appUrl) =>
    email(
      `${factorKind(data)} was removed from your Landunits account`,
      [
        hello(data),
        `${factorSentence(data)} was removed from your account's two-factor sign-in on ${data.at ?? ""}${fromDevice(data)}. It no longer confirms your sign-ins; your other sessions were signed out.`,
        "If this was you, there is nothing to do.",
        `If it was not you, someone signed in as you and gave your second factor: ${resetAndContact(appUrl)} Then set up your second factor again in your security settings (${appUrl}/dashboard/settings/security).`,
      ],
      { label: "Review your security settings", url: `${appUrl}/dashboard/settings/security` },
    ),

  [AccountEmail.newDeviceSignIn]: (data, appUrl) =>
    email(
      "A new sign-in to your Landunits account",
      [
        hello(data),
        `Your account was signed in from a device it had not used before: ${data.device ?? "an unknown device"}, on ${data.at ?? ""}, from the address ${data.address ?? "unknown"}.`,
        "If this was you, there is nothing to do. If it was not, change your password now and sign out every other session in your settings, and set up a second factor if you have none.",
      ],
      { label: "Review your sessions", url: `${appUrl}/dashboard/settings/security` },
    ),
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
  [OrderEmail.bankInstructions]: (data, appUrl) =>
    email(
      `How to pay your order ${data.orderId ?? ""}`,
      [
        hello(data),
        `Thank you for your order ${data.orderId ?? ""} of ${data.units ?? ""}. Please pay it by bank transfer:`,
        [
          `Amount: ${data.amount ?? ""}`,
          `Payment reference: ${data.reference ?? ""}`,
          `Account name: ${data.accountName ?? ""}`,
          `Account number: ${data.accountNumber ?? ""}`,
          `IBAN: ${data.iban ?? ""}`,
          `SWIFT/BIC: ${data.swiftBic ?? ""}`,
          `Bank: ${data.bankName ?? ""}`,
        ].join("\n"),
        "Put the payment reference on your transfer so that we can match it to your order.",
        AMOUNT_TAX_NOTE,
        ...payBeforeLine(data),
        "Your Units are in Pending now and move to Owned once the funds register, within 24 hours on a weekday.",
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.cryptoInstructions]: (data, appUrl) =>
    email(
      `How to pay your order ${data.orderId ?? ""}`,
      [
        hello(data),
        `Thank you for your order ${data.orderId ?? ""} of ${data.units ?? ""}. Please pay it in crypto:`,
        [
          `Amount: ${data.coinAmount ?? ""} ${data.coin ?? ""} (${data.amount ?? ""})`,
          `Receiving address: ${data.address ?? ""}`,
        ].join("\n"),
        "Send exactly this amount, then give us the transaction hash on your order's page.",
        AMOUNT_TAX_NOTE,
        ...payBeforeLine(data),
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.paymentConfirmed]: (data, appUrl) =>
    email(
      `Payment confirmed: your order ${data.orderId ?? ""}`,
      [
        hello(data),
        `We have received your payment of ${data.amount ?? ""} for order ${data.orderId ?? ""}${data.reference === undefined ? "" : ` (reference ${data.reference})`}.`,
        `Your ${data.units ?? ""} are now in your Units Owned.`,
        AMOUNT_TAX_NOTE,
        ...(data.invoice === undefined
          ? []
          : [
              `Your invoice ${data.invoice} is on your order's page: download it there as a PDF. Your invoices and credit notes are also listed on your statement page.`,
            ]),
      ],
      data.invoice === undefined
        ? orderLink(data, appUrl)
        : { ...orderLink(data, appUrl), label: "See your order and its invoice" },
    ),
  [OrderEmail.salePlaced]: (data, appUrl) =>
    email(
      `Your sale is placed: order ${data.orderId ?? ""}`,
      [
        hello(data),
        `Your order ${data.orderId ?? ""} sells ${data.units ?? ""}. The sale fee is ${data.feeUnits ?? ""}; ${data.queuedUnits ?? ""} are now in the sales queue.`,
        "Sales are first in, first out: you are paid to your bank account as buyers take your Units.",
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.salePartlyFilled]: (data, appUrl) =>
    email(
      `Part of your sale is sold: order ${data.orderId ?? ""}`,
      [
        hello(data),
        `A buyer took ${data.soldNow ?? ""} of your sale ${data.orderId ?? ""}: ${data.amount ?? ""} is owed to you and is paid to your bank account.`,
        `Sold so far: ${data.soldUnits ?? ""} of the ${data.queuedUnits ?? ""} in the sales queue; ${data.remainingUnits ?? ""} still wait for buyers, first in, first out.`,
        "Your order's page shows where the rest stands in the queue and an estimate of when it may be sold.",
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.saleAllSold]: (data, appUrl) =>
    email(
      `Your sale is all sold: order ${data.orderId ?? ""}`,
      [
        hello(data),
        `A buyer took the last ${data.soldNow ?? ""} of your sale ${data.orderId ?? ""} (${data.amount ?? ""} owed to you for them): all ${data.soldUnits ?? ""} are sold.`,
        "Each part is paid to your bank account; your order is Completed once every payment is made.",
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.transferReceived]: (data, appUrl) =>
    email(
      `You received ${data.units ?? "Units"}`,
      [
        hello(data),
        `${data.senderName ?? "A member"} transferred ${data.units ?? ""} to you (order ${data.orderId ?? ""}). They are in your Units Owned.`,
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.transferSent]: (data, appUrl) =>
    email(
      `You sent ${data.units ?? "Units"}`,
      [
        hello(data),
        `You transferred ${data.units ?? ""} to ${data.recipientName ?? "another member"} (order ${data.orderId ?? ""}). They have left your Units Owned.`,
      ],
      orderLink(data, appUrl),
    ),
  [OrderEmail.convertUnlocked]: (data, appUrl) =>
    email(
      `Your converted Units are unlocked: order ${data.orderId ?? ""}`,
      [
        hello(data),
        `The 30-day lock of your conversion ${data.orderId ?? ""} is over: ${data.units ?? ""} are now in your Units Owned.`,
      ],
      orderLink(data, appUrl),
    ),
  [SalesChatEmail.reply]: (data, appUrl) =>
    email(
      "The sales team answered your message",
      [hello(data), `${data.authorName ?? "The sales team"} wrote:`, data.text ?? ""],
      { label: "Open the sales chat", url: `${appUrl}/dashboard/saleschat` },
    ),
  // To the admin who asked for a second admin's approval (issue 23): the decision, who took it, and why or what ran.
  [ApprovalEmail.decided]: (data) =>
    email(`Your request ${data.requestId ?? ""} is ${data.status ?? ""}`, [
      `Hello ${data.name ?? ""},`.replace(" ,", ","),
      `Your request ${data.requestId ?? ""} (${data.summary ?? ""}) is ${data.status ?? ""}${data.decidedBy === undefined ? "" : ` by ${data.decidedBy}`}.`,
      ...(data.outcome === undefined ? [] : [`It ran: ${data.outcome}`]),
      ...(data.reason === undefined ? [] : [`Reason: ${data.reason}`]),
      `See it with: landunits approvals show ${data.requestId ?? ""}`,
    ]),
  [PrivacyEmail.exportReady]: (data, appUrl) =>
    email(
      "Your data is ready to download",
      [
        hello(data),
        "The copy of your data you asked for is ready: your profile, identity check and documents, orders, ledger entries, votes and messages, in one zip file.",
        `Sign in and download it from Your data in your settings until ${(data.expiresAt ?? "").slice(0, 16).replace("T", " ")} (UTC). After that it is deleted, and you can ask for a new one.`,
        "If you did not ask for this, change your password and contact us.",
      ],
      { label: "Download my data", url: `${appUrl}/dashboard/settings#your-data` },
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
