/**
 * What people type, made into what the rules of spec §5 judge (issue 27): the rules stay the spec's, but a
 * phone number written "7700 900123", an IBAN written in groups of four "gb33 bukb 2020 1555 5555 55" or a
 * country written "united kingdom" are accepted as what they mean. Each normalizer is idempotent (normalizing
 * twice is normalizing once), and the value stored is the normalized one.
 */
import { countryName } from "../shared/Countries.ts"

/** Every kind of space (the plain one, tabs, the no-break space a copy from a bank's page brings). */
const SPACES = /\s+/gu
/** What people put between the digits of a phone number: spaces, hyphens, dots and brackets. */
const PHONE_SEPARATORS = /[\s\-.()]+/gu

/** A phone number without its separators: "7700 900-123" → "7700900123". */
export const normalizePhoneNumber = (typed: string): string => typed.replace(PHONE_SEPARATORS, "")

/** A dialling code without spaces: "+ 44" → "+44". */
export const normalizeDiallingCode = (typed: string): string => typed.replace(SPACES, "")

/** An account number without spaces or hyphens: "1234 5678" → "12345678". */
export const normalizeAccountNumber = (typed: string): string => typed.replace(/[\s-]+/gu, "")

/** A UK sort code without spaces or hyphens: "20-20-15" → "202015". */
export const normalizeSortCode = (typed: string): string => typed.replace(/[\s-]+/gu, "")

/** An IBAN as the rule reads it: no spaces, capitals: "gb33 bukb 2020 …" → "GB33BUKB2020…". */
export const normalizeIban = (typed: string): string => typed.replace(SPACES, "").toUpperCase()

/** A SWIFT/BIC code without spaces, in capitals: "bukb gb 22" → "BUKBGB22". */
export const normalizeBic = (typed: string): string => typed.replace(SPACES, "").toUpperCase()

/** A country's name as the list writes it when the typed text names one ("uk", "GB", "united kingdom"); else as typed. */
export const normalizeCountry = (typed: string): string => countryName(typed) ?? typed
