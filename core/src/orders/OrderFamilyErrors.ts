/**
 * What each order command can fail with, by family (issue 40): buy, buy payment, sell, transfer, convert, payout
 * and jobs. Each family is a record of its commands, each command the list of the tagged error classes it can end
 * with: the classes themselves, so the HTTP contract declares an endpoint's errors from the very lists the engine
 * is typed with (OrdersApi.ts), and the OpenAPI document carries them.
 *
 * Each list is exactly its command's error channel: OrderService's methods are typed with them (a command that
 * could fail otherwise does not compile), and core/test/orders/OrderFamilyErrors.test.ts checks at the type level
 * that each family module's inferred error channel is no wider and no narrower than its list.
 */
import { PasswordRequired } from "../access/AccessErrors.ts"
import { InsufficientUnits, InvalidTransfer } from "../ledger/LedgerErrors.ts"
import { ExchangeRateUnavailable } from "../pricing/ports/ExchangeRates.ts"
import { SecondFactorRequired } from "../secondfactor/SecondFactorErrors.ts"
import {
  BusinessPurposeNotConfirmed,
  CardPaymentBelowMinimum,
  ConvertLimitExceeded,
  ConvertTooSmall,
  DoubleLandCapExceeded,
  DoubleLandUnitsLocked,
  EmailNotConfirmed,
  IdempotencyKeyReused,
  InvalidOrderRequest,
  InvalidPayoutTransition,
  InvalidTransition,
  KycNotVerified,
  OrderConflict,
  OrderNotFound,
  PayoutNotFound,
  PayoutNotPayable,
  PendingPurchaseLimitExceeded,
  RecipientNotFound,
  SellNotAboveFee,
  UnitsUnavailable,
  UnknownReferenceCode,
} from "./OrderErrors.ts"
import { PaymentProviderError } from "./PaymentProviders.ts"
import { UnknownMember } from "./ports/MemberStanding.ts"

/** A tagged error class: what a command's list holds. */
export interface ErrorClass {
  new (...args: ReadonlyArray<never>): { readonly _tag: string }
  readonly identifier: string
}

/** A family: each of its commands with the error classes it can fail with. */
export type ErrorFamily = Readonly<Record<string, ReadonlyArray<ErrorClass>>>

/** The errors of one command of a family, as a union of instances. */
export type CommandError<F extends ErrorFamily, K extends keyof F> = InstanceType<F[K][number]>

/** The union of every error of every command of a family. */
export type FamilyError<F extends ErrorFamily> = { [K in keyof F]: CommandError<F, K> }[keyof F]

/** What a command that moves Units out of the account adds: the guard (MemberGuard.ts) and the KYC check. */
const MOVES_OUT = [
  SecondFactorRequired,
  PasswordRequired,
  KycNotVerified,
  UnknownMember,
  IdempotencyKeyReused,
  InsufficientUnits,
  InvalidTransfer,
  InvalidOrderRequest,
  InvalidTransition,
  OrderNotFound,
] as const

/** A command on an existing order under its key, that moves its Units and status. */
const ON_AN_ORDER = [
  IdempotencyKeyReused,
  InsufficientUnits,
  InvalidTransfer,
  InvalidTransition,
  OrderConflict,
  OrderNotFound,
] as const

/** The buy's limits (OrderLimits.ts, checkBuyLimits). */
const BUY_LIMITS = [DoubleLandCapExceeded, PendingPurchaseLimitExceeded, UnitsUnavailable] as const

export const BuyErrors = {
  createBuy: [
    ...BUY_LIMITS,
    BusinessPurposeNotConfirmed,
    EmailNotConfirmed,
    IdempotencyKeyReused,
    InsufficientUnits,
    InvalidOrderRequest,
    InvalidTransfer,
    UnknownMember,
    UnknownReferenceCode,
  ],
  updateBuyAmount: [
    ...BUY_LIMITS,
    IdempotencyKeyReused,
    InsufficientUnits,
    InvalidOrderRequest,
    InvalidTransfer,
    OrderConflict,
    OrderNotFound,
  ],
  cancelBuy: ON_AN_ORDER,
} as const satisfies ErrorFamily
export type BuyError = FamilyError<typeof BuyErrors>

export const BuyPaymentErrors = {
  startPayment: [
    CardPaymentBelowMinimum,
    IdempotencyKeyReused,
    InvalidOrderRequest,
    InvalidTransition,
    OrderConflict,
    OrderNotFound,
    PaymentProviderError,
    UnknownMember,
  ],
  successOrder: [IdempotencyKeyReused, InvalidOrderRequest, InvalidTransition, OrderConflict, OrderNotFound],
  markFundsReceived: [IdempotencyKeyReused, InvalidTransition, OrderConflict, OrderNotFound],
  confirmPayment: [...ON_AN_ORDER, ...BUY_LIMITS, UnknownMember],
  failPayment: ON_AN_ORDER,
  declinePayment: ON_AN_ORDER,
} as const satisfies ErrorFamily
export type BuyPaymentError = FamilyError<typeof BuyPaymentErrors>

export const SellErrors = {
  createSell: [...MOVES_OUT, DoubleLandUnitsLocked, SellNotAboveFee],
  cancelSellRest: [...ON_AN_ORDER, UnitsUnavailable],
} as const satisfies ErrorFamily
export type SellError = FamilyError<typeof SellErrors>

export const TransferErrors = {
  createTransfer: [...MOVES_OUT, DoubleLandUnitsLocked, RecipientNotFound],
} as const satisfies ErrorFamily
export type TransferError = FamilyError<typeof TransferErrors>

export const ConvertErrors = {
  createConvert: [...MOVES_OUT, ConvertLimitExceeded, ConvertTooSmall, ExchangeRateUnavailable],
} as const satisfies ErrorFamily
export type ConvertError = FamilyError<typeof ConvertErrors>

export const PayoutErrors = {
  markPayoutReady: [IdempotencyKeyReused, InvalidPayoutTransition, PayoutNotFound],
  markPayoutPaid: [
    IdempotencyKeyReused,
    InvalidPayoutTransition,
    InvalidTransition,
    OrderNotFound,
    PayoutNotFound,
    PayoutNotPayable,
    UnknownMember,
  ],
} as const satisfies ErrorFamily
export type PayoutError = FamilyError<typeof PayoutErrors>

export const OrderJobErrors = {
  expireDue: [IdempotencyKeyReused, InsufficientUnits, InvalidTransfer, InvalidTransition, OrderNotFound],
  unlockDue: [
    IdempotencyKeyReused,
    InsufficientUnits,
    InvalidTransfer,
    InvalidTransition,
    OrderNotFound,
    UnknownMember,
  ],
} as const satisfies ErrorFamily
export type OrderJobError = FamilyError<typeof OrderJobErrors>

/** Every family by name: the route walk and the contract's test read it. */
export const ORDER_FAMILY_ERRORS = {
  buy: BuyErrors,
  buyPayment: BuyPaymentErrors,
  sell: SellErrors,
  transfer: TransferErrors,
  convert: ConvertErrors,
  payout: PayoutErrors,
  jobs: OrderJobErrors,
} as const

/** The tags of a list of error classes, each once, sorted: what the contract's tests compare. */
export const errorTags = (classes: ReadonlyArray<ErrorClass>): ReadonlyArray<string> =>
  [...new Set(classes.map((c) => c.identifier))].sort()

/** The error classes of several commands, each once, in first-seen order: an endpoint that runs them declares these. */
export const errorsOf = <const L extends ReadonlyArray<ReadonlyArray<ErrorClass>>>(
  ...lists: L
): ReadonlyArray<L[number][number]> => [...new Set(lists.flat())]
