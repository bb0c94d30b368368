/**
 * Cookie-consent storage (spec §4): localStorage key `_cookie_consent_accepted`, kept for 1 year.
 * Absent: the banner shows and "false" is stored. "false": the banner shows. Any other value hides it,
 * except our own record once its year has passed, which counts as "false" again. Storage failures
 * (private mode, quota) are ignored silently (spec §8): the banner then simply shows.
 */
import { COOKIE_CONSENT_GIVEN_COOKIE, COOKIE_CONSENT_KEY } from "@landunits/core/shared/Constants.ts"

export const CONSENT_KEY = COOKIE_CONSENT_KEY
export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000

/**
 * A necessary cookie that mirrors a stored choice (no choice in it, only that one was made, until the
 * choice's year ends), so the server renders a page with the banner only for a visitor who has not chosen:
 * the banner is then in the first HTML for a new visitor and never flashes for a returning one. The choice
 * itself stays in localStorage (spec §4).
 */
export const CONSENT_COOKIE = COOKIE_CONSENT_GIVEN_COOKIE

export const consentCookiePresent = (cookies: string): boolean =>
  cookies.split(";").some((part) => part.trim().startsWith(`${CONSENT_COOKIE}=1`))

/** The Set-Cookie text that mirrors a choice valid until `expiresAt` (or ends the mirror once that has passed). */
export const consentCookie = (expiresAt: number, now: number, secure: boolean): string =>
  `${CONSENT_COOKIE}=1; Max-Age=${Math.max(0, Math.floor((expiresAt - now) / 1000))}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`

/** When the stored choice ends, or undefined when none is stored. */
export const storedChoiceExpiry = (storage: Pick<Storage, "getItem">): number | undefined => {
  try {
    const value = storage.getItem(CONSENT_KEY)
    return value === null || value === "false" ? undefined : (expiresAtOf(value) ?? Number.POSITIVE_INFINITY)
  } catch {
    return undefined
  }
}

export const CONSENT_CATEGORIES = [
  "necessary",
  "preferences",
  "statistics",
  "marketing",
  "unclassified",
] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export type ConsentChoice = Readonly<Record<ConsentCategory, boolean>>

export interface ConsentRecord extends ConsentChoice {
  readonly acceptedAt: number
  readonly expiresAt: number
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">

const expiresAtOf = (value: string): number | undefined => {
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === "object" &&
      parsed !== null &&
      "expiresAt" in parsed &&
      typeof parsed.expiresAt === "number"
      ? parsed.expiresAt
      : undefined
  } catch {
    return undefined
  }
}

/** Whether the banner shows now; writes "false" when nothing (or an expired record) is stored. */
export const consentBannerNeeded = (storage: KeyValueStorage, now: number): boolean => {
  try {
    const value = storage.getItem(CONSENT_KEY)
    if (value === null) {
      storage.setItem(CONSENT_KEY, "false")
      return true
    }
    if (value === "false") return true
    const expiresAt = expiresAtOf(value)
    if (expiresAt !== undefined && expiresAt <= now) {
      storage.setItem(CONSENT_KEY, "false")
      return true
    }
    return false
  } catch {
    return true
  }
}

/** The choice stored and still valid, to show when the banner is opened again; undefined otherwise. */
export const storedChoice = (storage: Pick<Storage, "getItem">, now: number): ConsentChoice | undefined => {
  try {
    const value = storage.getItem(CONSENT_KEY)
    if (value === null || value === "false") return undefined
    const parsed: unknown = JSON.parse(value)
    if (typeof parsed !== "object" || parsed === null) return undefined
    const record = parsed as Partial<Record<ConsentCategory | "expiresAt", unknown>>
    if (typeof record.expiresAt === "number" && record.expiresAt <= now) return undefined
    return {
      necessary: true,
      preferences: record.preferences === true,
      statistics: record.statistics === true,
      marketing: record.marketing === true,
      unclassified: record.unclassified === true,
    }
  } catch {
    return undefined
  }
}

/** Stores the member's choice for a year. Necessary cookies are always on. */
export const saveConsent = (storage: KeyValueStorage, choice: ConsentChoice, now: number): ConsentRecord => {
  const record: ConsentRecord = {
    ...choice,
    necessary: true,
    acceptedAt: now,
    expiresAt: now + CONSENT_LIFETIME_MS,
  }
  try {
    storage.setItem(CONSENT_KEY, JSON.stringify(record))
  } catch {
    // Ignored (spec §8): the banner shows again next time.
  }
  return record
}

export const ALL_ALLOWED: ConsentChoice = {
  necessary: true,
  preferences: true,
  statistics: true,
  marketing: true,
  unclassified: true,
}

export const NECESSARY_ONLY: ConsentChoice = {
  necessary: true,
  preferences: false,
  statistics: false,
  marketing: false,
  unclassified: false,
}
