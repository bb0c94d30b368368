/**
 * Display formatting of spec §9: numbers en-US with 2 or 0 decimals, money from integer cents with the
 * currency symbol, dates as 'DD/MM/YYYY', 'Jan 5, 2024, 3:00 PM' and 'yyyy-mm-dd'.
 * Dates are shown in UTC unless a time zone is given. Money never passes through a float.
 *
 * What people read (issue 27, docs/decisions.md): a day is `formatDate` ('05/01/2024'), a moment is
 * `formatDateTimeZoned` ('Jan 5, 2024, 3:00 PM UTC': always with its time zone); 'yyyy-mm-dd' is for machines
 * (date fields, file names, the API).
 *
 * The one formatting module (issue 38): every number, amount, price, rate, percentage and date a page shows
 * comes from here (web/test/formatting.test.ts fails on a page's own Intl, toLocale… or toFixed, and the browser
 * walk of every dashboard route on a date or a decimal in another form). It imports no schema, so a public page
 * that only formats does not load Effect's Schema.
 */
import { EXCHANGE_RATE_SCALE, PRICE_SCALE } from "../shared/Constants.ts"
import { CurrencySymbol, type CurrencyType } from "../shared/EnumValues.ts"

// Numbers

const number2 = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "negative",
})
const number0 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0, signDisplay: "negative" })

/** en-US with exactly 2 decimals: 1234.5 → "1,234.50". A negative that rounds to zero shows "0.00". */
export const formatNumber2 = (value: number): string => number2.format(value)

/** en-US with no decimals: 1234.5 → "1,235". */
export const formatNumber0 = (value: number): string => number0.format(value)

const FORMATTED_NUMBER = /^-?(\d{1,3}(,\d{3})*|\d+)(\.\d+)?$/

/** Reads back an en-US number, grouped or not ("1,234.50" → 1234.5); RangeError on anything else. */
export const parseNumber = (text: string): number => {
  const trimmed = text.trim()
  if (!FORMATTED_NUMBER.test(trimmed)) throw new RangeError(`Not an en-US number: "${text}"`)
  return Number(trimmed.replaceAll(",", ""))
}

/** A figure as given: a whole number without decimals ("1,235"), any other with two ("1.50"). */
export const formatFigure = (value: number): string =>
  Number.isInteger(value) ? formatNumber0(value) : formatNumber2(value)

/** A percentage, as a figure: "2%", "1.50%", "66.67%" (0 or 2 decimals, like every number shown). */
export const formatPercent = (value: number): string => `${formatFigure(value)}%`

// Money

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")

/**
 * Money from integer cents with the currency symbol: (123450, "USD") → "$1,234.50", (1000, "AUD") → "A$10.00",
 * (-5, "EUR") → "-€0.05". Integer (bigint) arithmetic only; a non-integer number of cents is a RangeError.
 */
export const formatMoney = (cents: number | bigint, currency: CurrencyType): string => {
  if (typeof cents === "number" && !Number.isSafeInteger(cents)) {
    throw new RangeError(`Money must be a whole number of cents, got ${cents}`)
  }
  const value = BigInt(cents)
  const abs = value < 0n ? -value : value
  const whole = groupThousands((abs / 100n).toString())
  const fraction = (abs % 100n).toString().padStart(2, "0")
  return `${value < 0n ? "-" : ""}${CurrencySymbol[currency]}${whole}.${fraction}`
}

/**
 * An integer in 1/`scale` (a power of ten) of a unit as a decimal, exactly (bigint), with at least 2 decimals and
 * at most as many as the scale has: trailing zeros beyond the second are dropped. Grouped en-US.
 */
const scaledDecimal = (value: number, scale: bigint): string => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Expected a whole number, got ${value}`)
  const digits = scale.toString().length - 1
  const v = BigInt(value)
  const abs = v < 0n ? -v : v
  const fraction = (abs % scale).toString().padStart(digits, "0").replace(/0+$/, "").padEnd(2, "0")
  return `${v < 0n ? "-" : ""}${groupThousands((abs / scale).toString())}.${fraction}`
}

/**
 * A Unit's price, an integer in 1/PRICE_SCALE (thousandths) of its currency, with the symbol: 10549 → "€10.549",
 * 10500 → "€10.50" (2 decimals, or 3 where the third is not 0).
 */
export const formatPrice = (pricePerUnit: number, currency: CurrencyType): string =>
  `${CurrencySymbol[currency]}${scaledDecimal(pricePerUnit, BigInt(PRICE_SCALE))}`

/** An exchange rate, an integer in millionths: 1282352 → "1.282352", 850000 → "0.85" (2 to 6 decimals). */
export const formatRate = (millionths: number): string =>
  scaledDecimal(millionths, BigInt(EXCHANGE_RATE_SCALE))

// Dates

/** Anything a date can be given as: a Date, epoch milliseconds, or an ISO-8601 string. */
export type DateInput = Date | number | string

const toDate = (input: DateInput): Date => {
  const date = input instanceof Date ? input : new Date(input)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`)
  return date
}

interface CalendarDay {
  readonly year: number
  readonly month: number
  readonly day: number
}

/**
 * One Intl.DateTimeFormat per kind and time zone, made on first use: making one costs far more than using it
 * (a page of dated rows would otherwise build one per row; on a phone, tens of milliseconds).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const dateFormat = (kind: "day" | "dateTime", timeZone: string): Intl.DateTimeFormat => {
  const key = `${kind} ${timeZone}`
  let format = dateFormats.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(
      "en-US",
      kind === "day"
        ? {
            timeZone,
            calendar: "gregory",
            numberingSystem: "latn",
            year: "numeric",
            month: "numeric",
            day: "numeric",
          }
        : {
            timeZone,
            calendar: "gregory",
            numberingSystem: "latn",
            month: "short",
            day: "numeric",
            year: "numeric",
            hour: "numeric",
            minute: "2-digit",
            hour12: true,
          },
    )
    dateFormats.set(key, format)
  }
  return format
}

const calendarDay = (date: Date, timeZone: string): CalendarDay => {
  if (timeZone === "UTC") {
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
  }
  const parts = dateFormat("day", timeZone).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value)
  return { year: part("year"), month: part("month"), day: part("day") }
}

const pad = (value: number, length: number): string => String(value).padStart(length, "0")

/** The UTC midnight of a calendar day; RangeError when the day does not exist (31/02, month 13 …). */
const utcMidnight = (year: number, month: number, day: number, text: string): Date => {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar day: "${text}"`)
  }
  return date
}

/** 'DD/MM/YYYY' in the given time zone (UTC by default). */
export const formatDate = (input: DateInput, timeZone = "UTC"): string => {
  const { year, month, day } = calendarDay(toDate(input), timeZone)
  return `${pad(day, 2)}/${pad(month, 2)}/${pad(year, 4)}`
}

/** Reads 'DD/MM/YYYY' back as the UTC midnight of that day. */
export const parseDate = (text: string): Date => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  if (match === null) throw new RangeError(`Not a DD/MM/YYYY date: "${text}"`)
  return utcMidnight(Number(match[3]), Number(match[2]), Number(match[1]), text)
}

/** 'yyyy-mm-dd' (date only) in the given time zone (UTC by default). */
export const formatIsoDate = (input: DateInput, timeZone = "UTC"): string => {
  const { year, month, day } = calendarDay(toDate(input), timeZone)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

/** Reads 'yyyy-mm-dd' back as the UTC midnight of that day. */
export const parseIsoDate = (text: string): Date => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (match === null) throw new RangeError(`Not a yyyy-mm-dd date: "${text}"`)
  return utcMidnight(Number(match[1]), Number(match[2]), Number(match[3]), text)
}

/** Date and time like 'Jan 5, 2024, 3:00 PM', en-US, in the given time zone (UTC by default). */
export const formatDateTime = (input: DateInput, timeZone = "UTC"): string =>
  dateFormat("dateTime", timeZone)
    .format(toDate(input))
    // Newer ICU data puts a narrow no-break space before AM/PM; the spec's form has a plain space.
    .replace(/[\u202f\u00a0]/g, " ")

/**
 * A moment as people read it everywhere in the app: 'Jan 5, 2024, 3:00 PM UTC', the time zone always named
 * ("Pay before", "Locked until", statements, messages).
 */
export const formatDateTimeZoned = (input: DateInput, timeZone = "UTC"): string =>
  `${formatDateTime(input, timeZone)} ${timeZone}`
