/**
 * The emails of a member's money steps (issue 27): the payment instructions of a bank or crypto buy, the
 * payment confirmed, a sale placed, partly filled and all sold (issue 24), a transfer received and sent (issue 46), converted Units unlocked. Each names its order
 * (`orderId`; the adapter's template links to the order's page, /dashboard/transaction/{orderId}).
 *
 * Pure: what each email carries, as text fields. The order engine enqueues them through the Mailer in the
 * transaction of the step that causes them (OrderNotifier's `notify`), so a refused or repeated command
 * sends nothing, and the outbox adapter renders and delivers them.
 */
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "../format/Format.ts"
import type { AdminBankDetails } from "../pricing/PricingModel.ts"
import { CurrencyOfUnitType, unitDisplayName } from "../shared/EnumValues.ts"
import type { SubscriptionTopic } from "../subscriptions/SubscriptionsModel.ts"
import { bankPaymentId } from "./BankPaymentId.ts"
import type { OrderRecord } from "./OrderModel.ts"

/** The template of each money step's email (the adapter's EmailTemplates.ts renders them). */
export const OrderEmail = {
  bankInstructions: "order-bank-instructions",
  cryptoInstructions: "order-crypto-instructions",
  paymentConfirmed: "order-payment-confirmed",
  salePlaced: "order-sale-placed",
  salePartlyFilled: "order-sale-partly-filled",
  saleAllSold: "order-sale-all-sold",
  transferReceived: "order-transfer-received",
  transferSent: "order-transfer-sent",
  convertUnlocked: "order-convert-unlocked",
} as const
export type OrderEmailTemplate = (typeof OrderEmail)[keyof typeof OrderEmail]

/**
 * Which subscription choice may stop each email (docs/decisions.md, "Emails of the money steps"). The
 * instructions to pay, the confirmation of a payment, of a sale instruction and of Units received move or
 * ask for the member's own money: they are the account's records and always go. The unlocking of converted
 * Units, whose date the member was shown when converting and which asks nothing of them, is an order
 * update the member may turn off (`orderUpdates`).
 */
export const OrderEmailTopic: Readonly<Record<OrderEmailTemplate, SubscriptionTopic | undefined>> = {
  [OrderEmail.bankInstructions]: undefined,
  [OrderEmail.cryptoInstructions]: undefined,
  [OrderEmail.paymentConfirmed]: undefined,
  [OrderEmail.salePlaced]: undefined,
  [OrderEmail.salePartlyFilled]: undefined,
  [OrderEmail.saleAllSold]: undefined,
  [OrderEmail.transferReceived]: undefined,
  [OrderEmail.transferSent]: undefined,
  [OrderEmail.convertUnlocked]: "orderUpdates",
}

/** An email of a money step before its recipient is known: its template and fields. */
export interface OrderNotice {
  readonly template: OrderEmailTemplate
  readonly data: Readonly<Record<string, string>>
}

const unitsText = (units: number, order: OrderRecord) =>
  `${formatNumber0(units)} ${unitDisplayName(order.currencyUnit.unitType)}`

/** What every order email carries: the order's id and what it is about. */
const orderFields = (order: OrderRecord) => ({
  orderId: order.orderId,
  units: unitsText(order.currencyUnit.numberOfUnits, order),
})

const amountOf = (order: OrderRecord) =>
  order.paymentDetails === undefined
    ? ""
    : formatMoney(order.paymentDetails.paymentAmount, order.paymentDetails.currency)

const payBefore = (order: OrderRecord) =>
  order.expiresAt === undefined ? {} : { payBefore: formatDateTimeZoned(order.expiresAt) }

/** A bank buy's payment started: the amount, the platform's account and the reference, and the deadline. */
export const bankInstructionsNotice = (order: OrderRecord, bank: AdminBankDetails): OrderNotice => ({
  template: OrderEmail.bankInstructions,
  data: {
    ...orderFields(order),
    amount: amountOf(order),
    reference: bankPaymentId(order.orderId),
    accountName: bank.bankAccountName,
    accountNumber: bank.bankAccountNumber,
    iban: bank.iban,
    swiftBic: bank.swiftBic,
    bankName: bank.bankName,
    ...payBefore(order),
  },
})

/** A crypto buy's payment started: the coin amount, the address, and the deadline. */
export const cryptoInstructionsNotice = (
  order: OrderRecord,
  payment: { readonly coin: string; readonly coinAmount: string; readonly address: string },
): OrderNotice => ({
  template: OrderEmail.cryptoInstructions,
  data: {
    ...orderFields(order),
    amount: amountOf(order),
    coin: payment.coin === "BITCOIN" ? "BTC" : payment.coin === "ETHER" ? "ETH" : payment.coin,
    coinAmount: payment.coinAmount,
    address: payment.address,
    ...payBefore(order),
  },
})

/** A buy's payment confirmed: its Units are Owned. */
export const paymentConfirmedNotice = (order: OrderRecord): OrderNotice => ({
  template: OrderEmail.paymentConfirmed,
  data: {
    ...orderFields(order),
    amount: amountOf(order),
    ...(order.buy?.paymentId === undefined ? {} : { reference: order.buy.paymentId }),
  },
})

/**
 * The buyer's payment-confirmed email when the buy's invoice was issued with the confirmation: the invoice's number
 * as printed, which the email names and says is downloaded on the order's page (a link, never an attachment). Any
 * other notice is left as it is.
 */
export const withInvoiceNumber = (notice: OrderNotice, invoiceNumber: string): OrderNotice =>
  notice.template === OrderEmail.paymentConfirmed
    ? { ...notice, data: { ...notice.data, invoice: invoiceNumber } }
    : notice

/** A sale placed: its fee and the Units in the sales queue. */
export const salePlacedNotice = (order: OrderRecord): OrderNotice => ({
  template: OrderEmail.salePlaced,
  data: {
    ...orderFields(order),
    feeUnits: unitsText(order.sell?.feeUnits ?? 0, order),
    queuedUnits: unitsText(order.sell?.queuedUnits ?? 0, order),
  },
})

/**
 * A buyer took `slice` Units of a queued sale (SalesQueue.ts): partly filled while Units are left in the queue,
 * all sold once none are. Says what this buy took and what it pays, what is sold in all and what still waits.
 */
export const saleFilledNotice = (
  order: OrderRecord,
  slice: { readonly units: number; readonly amountCents: number },
): OrderNotice => {
  const sell = order.sell
  const sold = sell?.soldUnits ?? 0
  const queued = sell?.queuedUnits ?? 0
  const left = queued - sold - (sell?.cancelledUnits ?? 0)
  return {
    template: left > 0 ? OrderEmail.salePartlyFilled : OrderEmail.saleAllSold,
    data: {
      ...orderFields(order),
      soldNow: unitsText(slice.units, order),
      amount: formatMoney(slice.amountCents, CurrencyOfUnitType[order.currencyUnit.unitType]),
      soldUnits: unitsText(sold, order),
      queuedUnits: unitsText(queued, order),
      remainingUnits: unitsText(Math.max(0, left), order),
    },
  }
}

/**
 * Units received from another member (sent to the recipient; `senderName` as core names the sender,
 * members/MemberName.ts: the business for a business member).
 */
export const transferReceivedNotice = (order: OrderRecord, senderName: string): OrderNotice => ({
  template: OrderEmail.transferReceived,
  data: { ...orderFields(order), senderName },
})

/** Units sent to another member (to the sender, issue 46: the record of their own Units leaving; `recipientName` as the sender saw it before sending: RecipientLookup's `nameShownToOthers`). */
export const transferSentNotice = (order: OrderRecord, recipientName: string): OrderNotice => ({
  template: OrderEmail.transferSent,
  data: { ...orderFields(order), recipientName },
})

/** Converted Units out of their 30-day lock, now owned. */
export const convertUnlockedNotice = (order: OrderRecord): OrderNotice => ({
  template: OrderEmail.convertUnlocked,
  data: {
    orderId: order.orderId,
    units:
      order.convert === undefined
        ? unitsText(order.currencyUnit.numberOfUnits, order)
        : `${formatNumber0(order.convert.numberOfUnits)} ${unitDisplayName(order.convert.unitType)}`,
  },
})
