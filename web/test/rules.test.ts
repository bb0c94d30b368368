import { LandingRegistrationSubmit } from "@landunits/core/members/MemberValidation.ts"
import { firstErrorByPath, validate } from "@landunits/core/validation/Issues.ts"
import { afterEach, describe, expect, it } from "vitest"
import { ApiError, NETWORK_ERROR, readCookie, request, SERVER_DOWN, setFetch } from "../src/api/client.ts"
import {
  CONSENT_KEY,
  consentBannerNeeded,
  consentCookie,
  consentCookiePresent,
  NECESSARY_ONLY,
  saveConsent,
  storedChoiceExpiry,
} from "../src/lib/consentStorage.ts"
import { rewriteNewsImage } from "../src/lib/newsImage.ts"
import { isNoIndex } from "../src/lib/robots.ts"
import { utmCookie } from "../src/lib/utm.ts"

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  }
}

describe("cookie consent storage", () => {
  it("absent: the banner shows and 'false' is stored", () => {
    const s = memoryStorage()
    expect(consentBannerNeeded(s, 0)).toBe(true)
    expect(s.data.get(CONSENT_KEY)).toBe("false")
  })
  it("'false': the banner shows; any other value hides it", () => {
    expect(consentBannerNeeded(memoryStorage({ [CONSENT_KEY]: "false" }), 0)).toBe(true)
    expect(consentBannerNeeded(memoryStorage({ [CONSENT_KEY]: "true" }), 0)).toBe(false)
  })
  it("a stored choice lasts one year, then the banner shows again", () => {
    const s = memoryStorage()
    saveConsent(s, NECESSARY_ONLY, 1000)
    expect(consentBannerNeeded(s, 1000 + 364 * 86_400_000)).toBe(false)
    expect(consentBannerNeeded(s, 1000 + 365 * 86_400_000)).toBe(true)
    expect(s.data.get(CONSENT_KEY)).toBe("false")
  })
})

describe("the consent cookie (the stored choice's mirror the server reads)", () => {
  it("lasts as long as the stored choice, and ends with it", () => {
    const s = memoryStorage()
    expect(storedChoiceExpiry(s)).toBeUndefined()
    const record = saveConsent(s, NECESSARY_ONLY, 1000)
    expect(storedChoiceExpiry(s)).toBe(record.expiresAt)
    expect(consentCookie(record.expiresAt, 1000, true)).toBe(
      "cookie_consent_given=1; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
    )
    expect(consentCookie(0, 1000, false)).toBe("cookie_consent_given=1; Max-Age=0; Path=/; SameSite=Lax")
    expect(storedChoiceExpiry(memoryStorage({ [CONSENT_KEY]: "false" }))).toBeUndefined()
  })
  it("is read by its name only", () => {
    expect(consentCookiePresent("a=1; cookie_consent_given=1")).toBe(true)
    expect(consentCookiePresent("xcookie_consent_given=1")).toBe(false)
    expect(consentCookiePresent("")).toBe(false)
  })
})

describe("API client", () => {
  afterEach(() => setFetch((...a) => fetch(...a)))
  it("echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN and sends cookies", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads this very cookie, as the browser sets it
    document.cookie = "XSRF-TOKEN=tok123"
    let seen: RequestInit | undefined
    setFetch(async (_url, init) => {
      seen = init
      return new Response("{}", { status: 200 })
    })
    await request("POST", "/auth/logout")
    expect((seen?.headers as Record<string, string> | undefined)?.["X-XSRF-TOKEN"]).toBe("tok123")
    expect(seen?.credentials).toBe("include")
    expect(readCookie("XSRF-TOKEN", "a=1; XSRF-TOKEN=x%3Dy")).toBe("x=y")
  })
  it("shows the server's message, 'Server down' without an answer, 'Network Error' when offline", async () => {
    setFetch(
      async () => new Response(JSON.stringify({ message: "Invalid email or password" }), { status: 401 }),
    )
    await expect(request("GET", "/user")).rejects.toThrow("Invalid email or password")
    setFetch(async () => {
      throw new TypeError("Failed to fetch")
    })
    await expect(request("GET", "/user")).rejects.toThrow(SERVER_DOWN)
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine")
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false })
    await expect(request("GET", "/user")).rejects.toThrow(NETWORK_ERROR)
    if (online) Object.defineProperty(navigator, "onLine", online)
    setFetch(async () => new Response("", { status: 502 }))
    await expect(request("GET", "/user")).rejects.toEqual(
      new ApiError("Request failed with status code 502", 502),
    )
  })
})

describe("site rules", () => {
  it("the registration form uses core's schema and its exact messages", () => {
    const result = validate(LandingRegistrationSubmit, {
      email: "",
      firstName: "",
      password: "",
      confirmPassword: "",
    })
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(firstErrorByPath(result.errors)).toMatchObject({
        email: "Email is Required",
        firstName: "First Name is Required",
        password: "Password is required",
        confirmPassword: "Please confirm your password",
      })
  })
  it("utm_data is written for 604800 seconds only when a UTM parameter is present", () => {
    expect(utmCookie("?ref=x", false)).toBeUndefined()
    expect(utmCookie("?utm_source=mail", true)).toBe(
      `utm_data=${encodeURIComponent('{"utm_source":"mail"}')}; Max-Age=604800; Path=/; SameSite=Lax; Secure`,
    )
  })
  it("news images from the storage host are rewritten to the London-region host, others kept", () => {
    expect(rewriteNewsImage("https://media.example/a.jpg", "media.example", "london.example")).toBe(
      "https://london.example/a.jpg",
    )
    expect(rewriteNewsImage("/images/news/a.jpg", "media.example", "london.example")).toBe(
      "/images/news/a.jpg",
    )
  })
  it("dashboard, account, subscribe, logout and user-manual pages are noindex", () => {
    for (const p of [
      "/dashboard",
      "/dashboard/settings",
      "/account/confirm",
      "/subscribe/confirm",
      "/logout",
      "/user-manual",
    ])
      expect(isNoIndex(p)).toBe(true)
    for (const p of ["/", "/news", "/accounting"]) expect(isNoIndex(p)).toBe(false)
  })
})
