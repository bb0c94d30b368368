/**
 * Cookie-consent storage (spec §4): localStorage key `_cookie_consent_accepted`, kept for 1 year.
 * Absent: the banner shows and "false" is stored. "false": the banner shows. Any other value hides it,
 * except our own record once its year has passed, which counts as "false" again. Storage failures
 * (private mode, quota) are ignored silently (spec §8): the banner then simply shows.
 */
export const CONSENT_KEY = "_cookie_consent_accepted"
export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000

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
