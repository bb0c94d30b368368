/**
 * Every business constant of spec §9 and decisions.md, named, in one place.
 * Durations are in milliseconds unless the name says otherwise; money in cents.
 */
import type { CurrencyType, PayingMethod, UnitType } from "./Enums.ts"

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const Durations = { SECOND, MINUTE, HOUR, DAY } as const

// Prices
/** pricePerUnit is an integer in 1/1000 of a currency unit. */
export const PRICE_SCALE = 1000
/** Exchange rates are integers in millionths: 1.234567 is 1_234_567. */
export const EXCHANGE_RATE_SCALE = 1_000_000
/** No unit type may be priced above 2,500 currency units. */
export const PRICE_CAP = 2500 * PRICE_SCALE
/** The limit constant of spec §9 (2,500,000). It equals PRICE_CAP. */
export const LIMIT_CONSTANT = 2_500_000

// Fees
/** Default buy fee per order, in cents, per unit type: about 1 (A$1.6 for AUD). */
export const DEFAULT_BUY_FEE_CENTS: Readonly<Record<UnitType, number>> = {
  LAND_EUR: 100,
  LAND_USD: 100,
  LAND_POUND: 100,
  LAND_AUD: 160,
}
/** Sale fee, in Units. */
export const DEFAULT_SELL_FEE_UNITS = 10
/** Convert fee, in Units (configurable). */
export const DEFAULT_CONVERT_FEE_UNITS = 0

export interface ExternalFee {
  readonly fixedCentsFees: number
  /** A percentage; may carry decimals (1.5 means 1.5%). */
  readonly fixedPercentageFees: number
}

/** Default external fees per payment method (decisions.md). */
export const DEFAULT_EXTERNAL_FEES: Readonly<Record<PayingMethod, ExternalFee>> = {
  "card-stripe": { fixedCentsFees: 25, fixedPercentageFees: 1.5 },
  "card-square": { fixedCentsFees: 30, fixedPercentageFees: 2.9 },
  crypto: { fixedCentsFees: 0, fixedPercentageFees: 1 },
  bank: { fixedCentsFees: 0, fixedPercentageFees: 0 },
}

/** Default minimum payment for a discount to apply. */
export const DEFAULT_MIN_PAYMENT_AMOUNT_CENTS = 0
/** Card providers refuse payments below 50 cents (or the currency's equivalent). */
export const CARD_MINIMUM_CENTS: Readonly<Record<CurrencyType, number>> = {
  EUR: 50,
  USD: 50,
  GBP: 30,
  AUD: 50,
}

// Orders and units
/**
 * The most Units one order may hold (buy, sell, transfer or convert). At the price cap (2,500,000 per 1000
 * Units) a buy of this many is 250,000,000,000 cents before fees: every amount of an accepted order stays
 * far below Number.MAX_SAFE_INTEGER (about 9 × 10^15), so the fee formulas never refuse one.
 */
export const MAX_UNITS_PER_ORDER = 1_000_000
export const CONVERT_LOCK_DAYS = 30
export const CONVERT_LOCK_MS = CONVERT_LOCK_DAYS * DAY
/** Double-land (LU2X) Units are sellable or transferable from 6 months after purchase… */
export const DOUBLE_LAND_VESTING_START_MONTHS = 6
/** …at 10% of the total owned per month after that. */
export const DOUBLE_LAND_VESTING_PERCENT_PER_MONTH = 10
/** Pending units move to Owned within 24 hours on a weekday after funds register. */
export const DELIVERY_WINDOW_HOURS = 24
/** Unpaid bank and crypto orders expire after 72 hours; card orders after 1 hour. */
export const BANK_CRYPTO_ORDER_EXPIRY_MS = 72 * HOUR
export const CARD_ORDER_EXPIRY_MS = 1 * HOUR
/**
 * Card payment attempts one buy may make: a declined card leaves the order payable with another card until this
 * many were declined, then it fails and its Units are released (decisions: card-payments-that-can-be-retried).
 */
export const MAX_CARD_ATTEMPTS = 5
/** How long a crypto quote (the coin amount at the coin's price of the moment) holds before a new one is asked. */
export const CRYPTO_QUOTE_VALIDITY_MS = 30 * MINUTE
/** The bank payment reference is the last 5 characters of the orderId. */
export const BANK_PAYMENT_ID_LENGTH = 5
/** Card notices: days the providers take to transfer funds. */
export const STRIPE_TRANSFER_DAYS = 7
export const SQUARE_TRANSFER_DAYS = 3

// Idempotency records
/**
 * Days an idempotency record (a command's key, the hash of its request and its first result) is kept; then the
 * idempotency-retention job deletes it, and its key is free again. 30 days is ten times the longest redelivery of
 * a card provider's webhook (Stripe retries for up to 3 days, Square for up to 72 hours) and far beyond any client's
 * or admin's retry, so a repeat still answers the first result; the order jobs alone add ~2,880 records a day, so
 * keeping them forever is not free (docs/decisions/0062-idempotency-records-kept-30-days.md).
 */
export const IDEMPOTENCY_RETENTION_DAYS = 30
export const IDEMPOTENCY_RETENTION_MS = IDEMPOTENCY_RETENTION_DAYS * DAY
/** Idempotency records one statement of the retention job deletes: each batch is a short transaction of its own. */
export const IDEMPOTENCY_PRUNE_BATCH_SIZE = 1000

// Accounts, tokens, cookies
export const CONFIRMATION_TOKEN_TTL_MS = 12 * HOUR
export const RESET_TOKEN_TTL_MS = 1 * HOUR
export const UTM_COOKIE_MAX_AGE_SECONDS = 604_800
export const COOKIE_CONSENT_KEY = "_cookie_consent_accepted"
/**
 * The necessary cookie that says a consent choice was made (not what it was), so the server renders the
 * banner only for a visitor who has not chosen: written by the web app, read by the page renderer.
 */
export const COOKIE_CONSENT_GIVEN_COOKIE = "cookie_consent_given"
/**
 * Set beside the HttpOnly session cookie with the same lifetime and readable by scripts: it says only that a
 * session may exist (no secret), so the web asks for the current user only when it is there.
 */
export const SIGNED_IN_COOKIE_NAME = "landunits_signed_in"

// Bank details
/** The country whose accounts are paid by sort code and 8-digit account number (bankCountry as the list writes it). */
export const SORT_CODE_COUNTRY = "United Kingdom"

// Uploads
export const UPLOAD_MAX_BYTES = 8_388_608
export const UPLOAD_MIME_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const
export const UPLOAD_EXTENSIONS = [".jpeg", ".png", ".jpg", ".pdf"] as const

// Terms
export const TERMS_VERSION = "10.03.25"

// Governance and display
/** A vote is Yes at 50 percent or more. */
export const VOTE_YES_THRESHOLD_PERCENT = 50
/** The verification tooltip shows the first 6 missing fields in a 220 px scroll area. */
export const VERIFICATION_TOOLTIP_VISIBLE_FIELDS = 6
export const VERIFICATION_TOOLTIP_MAX_HEIGHT_PX = 220
/** Your impact below this is shown as 0. */
export const IMPACT_DISPLAY_MINIMUM = 0.01

// Default unit types per screen (spec §4)
export const DEFAULT_UNIT_TYPE = {
  dashboard: "LAND_USD",
  buy: "LAND_USD",
  sell: "LAND_USD",
  transfer: "LAND_USD",
  convertFrom: "LAND_USD",
  convertTo: "LAND_AUD",
} as const satisfies Record<string, UnitType>
