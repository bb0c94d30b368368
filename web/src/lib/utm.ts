/**
 * Attribution (spec §7): when the address carries at least one UTM parameter, the cookie utm_data
 * (JSON of utm_source, utm_medium, utm_campaign) is written for 7 days; otherwise nothing is written,
 * so a later visit without UTM parameters keeps the first attribution.
 */
export const UTM_COOKIE = "utm_data"
export const UTM_MAX_AGE_SECONDS = 604800
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const

export type UtmData = Partial<Record<(typeof UTM_KEYS)[number], string>>

export const utmFromSearch = (search: string): UtmData | undefined => {
  const params = new URLSearchParams(search)
  const data: UtmData = {}
  for (const key of UTM_KEYS) {
    const value = params.get(key)
    if (value !== null && value.trim() !== "") data[key] = value.trim().slice(0, 200)
  }
  return Object.keys(data).length === 0 ? undefined : data
}

/** The Set-Cookie text for `data`, or undefined when there is nothing to write. */
export const utmCookie = (search: string, secure: boolean): string | undefined => {
  const data = utmFromSearch(search)
  if (data === undefined) return undefined
  return `${UTM_COOKIE}=${encodeURIComponent(JSON.stringify(data))}; Max-Age=${UTM_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`
}

export const rememberUtm = (location: Location = window.location, doc: Document = document): void => {
  const cookie = utmCookie(location.search, location.protocol === "https:")
  if (cookie !== undefined) doc.cookie = cookie
}
