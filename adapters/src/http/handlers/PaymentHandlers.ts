/**
 * The payment routes: the providers' webhooks read the raw body (the signature covers its exact bytes, so it
 * must not be parsed and re-serialized first) and hand it to PaymentWebhooks; the member's payment page.
 */
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { taxWordsByCurrency } from "@landunits/core/invoices/TaxWords.ts"
import type { AppliedProviderEvent } from "@landunits/core/orders/ProviderPaymentService.ts"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { PaymentPage } from "../../payments/PaymentsLayer.ts"
import { PaymentWebhooks } from "../../payments/PaymentWebhooks.ts"
import { SquareCharges } from "../../payments/SquareCharges.ts"
import { SQUARE_SIGNATURE_HEADER } from "../../payments/SquareWebhook.ts"
import { TestModeCards } from "../../payments/TestModeProvider.ts"
import { WebhookPayloadInvalid } from "../../payments/WebhookErrors.ts"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

const STRIPE_SIGNATURE_HEADER = "stripe-signature"

export const PaymentWebhookHandlers = HttpApiBuilder.group(
  Api,
  "paymentWebhooks",
  Effect.fn(function* (handlers) {
    const webhooks = yield* PaymentWebhooks
    const rawBody = (provider: string, text: Effect.Effect<string, unknown>) =>
      Effect.mapError(
        text,
        () => new WebhookPayloadInvalid({ message: "The request body could not be read", provider }),
      )
    const receipt = ({ duplicate, outcome }: AppliedProviderEvent) => ({ received: true, duplicate, outcome })
    return handlers
      .handleRaw("stripe", ({ request }) =>
        Effect.gen(function* () {
          const body = yield* rawBody("stripe", request.text)
          return receipt(yield* webhooks.stripe(body, request.headers[STRIPE_SIGNATURE_HEADER]))
        }),
      )
      .handleRaw("square", ({ request }) =>
        Effect.gen(function* () {
          const body = yield* rawBody("square", request.text)
          return receipt(yield* webhooks.square(body, request.headers[SQUARE_SIGNATURE_HEADER]))
        }),
      )
  }),
)

export const PaymentHandlers = HttpApiBuilder.group(
  Api,
  "payments",
  Effect.fn(function* (handlers) {
    const page = yield* PaymentPage
    const testMode = yield* TestModeCards
    const square = yield* SquareCharges
    const crypto = yield* CryptoPayments
    const invoiceSettings = yield* InvoiceSettings
    return handlers
      .handle("settings", () =>
        Effect.all([crypto.offers, invoiceSettings.taxTreatments]).pipe(
          Effect.map(([offers, treatments]) => ({
            ...page,
            crypto: offers,
            taxWords: taxWordsByCurrency(treatments),
          })),
        ),
      )
      .handle("testModePay", ({ payload }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          return yield* testMode.pay({ memberId, orderId: payload.orderId, cardNumber: payload.cardNumber })
        }),
      )
      .handle("squareCharge", ({ payload }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          return yield* square.charge({
            memberId,
            orderId: payload.orderId,
            sourceId: payload.sourceId,
            verificationToken: payload.verificationToken,
          })
        }),
      )
  }),
)
