/** Sample buy orders, issuers and buyers for the invoice tests (core's and the adapters' contract suites). */

import { Result } from "effect"
import { priceBuyOrder, sellPayoutCents } from "../../src/fees/Fees.ts"
import type {
  InvoiceBuyer,
  InvoiceDraft,
  IssuerDetails,
  TaxTreatment,
} from "../../src/invoices/InvoiceModel.ts"
import { makeInvoice, makePayoutStatement } from "../../src/invoices/Invoices.ts"
import type { Order, Payout } from "../../src/orders/OrderModel.ts"
import type { CurrencyType, UnitType } from "../../src/shared/Enums.ts"
import { MemberId, OrderId, PayoutId } from "../../src/shared/Ids.ts"

export const sampleIssuer: IssuerDetails = {
  issuerId: "landunits",
  legalName: "Landunits B.V.",
  address: "Keizersgracht 1, 1015 CC Amsterdam, Netherlands",
  registrationId: "KvK 12345678",
  taxId: "NL123456789B01",
}

export const sampleBuyer: InvoiceBuyer = {
  memberId: MemberId.make("member-1"),
  name: "Acme Farming GmbH",
  address: "Hauptstraße 5, 10115 Berlin, Germany",
  registrationId: "HRB 98765",
  taxId: "DE123456789",
}

export const vat21: TaxTreatment = { _tag: "Rate", basisPoints: 2100, words: "VAT 21%" }
export const reverseCharge: TaxTreatment = {
  _tag: "ReverseCharge",
  words: "Reverse charge: VAT to be accounted for by the recipient (Article 196 Directive 2006/112/EC)",
}

export interface SampleBuy {
  readonly orderId?: string
  readonly numberOfUnits?: number
  readonly pricePerUnit?: number
  readonly isDoubleLand?: boolean
  readonly buyFeeCents?: number
  readonly fixedCentsFees?: number
  readonly fixedPercentageFees?: number
  readonly discount?: { readonly isPercent: boolean; readonly amount: number } | undefined
  readonly currency?: CurrencyType
  readonly unitType?: UnitType
}

/** A buy order priced by fees/Fees.ts, as the engine stores it once paid. */
export const sampleBuyOrder = (buy: SampleBuy = {}): Order => {
  const numberOfUnits = buy.numberOfUnits ?? 100
  const pricePerUnit = buy.pricePerUnit ?? 1234
  const isDoubleLand = buy.isDoubleLand ?? false
  const buyFeeCents = buy.buyFeeCents ?? 100
  const externalFee = {
    fixedCentsFees: buy.fixedCentsFees ?? 30,
    fixedPercentageFees: buy.fixedPercentageFees ?? 1.5,
  }
  const price = priceBuyOrder({
    numberOfUnits,
    pricePerUnit,
    isDoubleLand,
    buyFeeCents,
    externalFee,
    ...(buy.discount === undefined ? {} : { discount: buy.discount }),
  })
  return {
    orderId: OrderId.make(buy.orderId ?? "order-1"),
    orderType: "BUY",
    orderStatus: "Approved",
    paymentDetails: {
      paymentAmount: price.paymentAmount,
      paymentMethod: "card-stripe",
      paymentMethodFees: externalFee,
      currency: buy.currency ?? "EUR",
      subTotal: price.subTotal,
      transactionFee: price.transactionFee,
    },
    currencyUnit: {
      unitType: buy.unitType ?? "LAND_EUR",
      numberOfUnits,
      pricePerUnit,
      isDoubleLand,
      buyOrderTransactionFeeInCents: buyFeeCents,
    },
    buy: {
      ...(buy.discount === undefined
        ? {}
        : {
            discount: {
              ...buy.discount,
              discountValue: price.discountValue,
              minPaymentAmountInCents: 0,
            },
          }),
    },
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:05:00.000Z",
  }
}

/** The draft invoice of a sample buy (throws if the sample is not invoiceable: a bug in the test). */
export const sampleDraft = (
  buy: SampleBuy = {},
  options: {
    readonly treatment?: TaxTreatment
    readonly issuedAt?: string
    readonly issuer?: IssuerDetails
  } = {},
): InvoiceDraft =>
  Result.getOrThrow(
    makeInvoice({
      order: sampleBuyOrder(buy),
      buyer: sampleBuyer,
      issuer: options.issuer ?? sampleIssuer,
      treatment: options.treatment ?? vat21,
      issuedAt: options.issuedAt ?? "2026-11-01T10:05:00.000Z",
      purchaseOrderReference: "PO-2026-117",
    }),
  )

/** A sale's payout of `units` at `pricePerUnit` (1/PRICE_SCALE of a currency unit), paid (Completed). */
export const samplePayout = (
  payout: {
    readonly payoutId?: string
    readonly units?: number
    readonly pricePerUnit?: number
    readonly currency?: CurrencyType
    readonly kind?: Payout["kind"]
  } = {},
): Payout => {
  const units = payout.units ?? 40
  const pricePerUnit = payout.pricePerUnit ?? 1234
  return {
    payoutId: PayoutId.make(payout.payoutId ?? "payout-1"),
    memberId: sampleBuyer.memberId,
    kind: payout.kind ?? "sale",
    sellOrderId: OrderId.make("sell-1"),
    buyOrderId: OrderId.make("order-1"),
    unitType: "LAND_EUR",
    units,
    pricePerUnit,
    amountCents: sellPayoutCents(units, pricePerUnit),
    currency: payout.currency ?? "EUR",
    status: "Completed",
    statusHistory: [
      { status: "Initiated", at: Date.parse("2026-11-01T10:05:00.000Z") },
      { status: "Completed", at: Date.parse("2026-11-03T09:00:00.000Z") },
    ],
    createdAt: Date.parse("2026-11-01T10:05:00.000Z"),
  }
}

/** The draft payout statement of a sample payout, the sale's fee 10 Units, under a reverse charge. */
export const samplePayoutStatement = (
  payout: Parameters<typeof samplePayout>[0] = {},
  options: { readonly issuedAt?: string; readonly treatment?: TaxTreatment } = {},
): InvoiceDraft =>
  Result.getOrThrow(
    makePayoutStatement({
      payout: samplePayout(payout),
      sellFeeUnits: 10,
      seller: sampleBuyer,
      issuer: sampleIssuer,
      treatment: options.treatment ?? reverseCharge,
      issuedAt: options.issuedAt ?? "2026-11-03T09:00:00.000Z",
    }),
  )
