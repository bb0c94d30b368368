import { describe, expect, it } from "vitest"
import { allCountries, countryName, isCountryName } from "../../src/shared/Countries.ts"

describe("the country list (ISO 3166-1)", () => {
  it("holds every country once, each with a two- and a three-letter code, sorted by name", () => {
    const countries = allCountries()
    expect(countries.length).toBe(250)
    expect(new Set(countries.map((c) => c.alpha2)).size).toBe(countries.length)
    expect(new Set(countries.map((c) => c.alpha3)).size).toBe(countries.length)
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length)
    for (const c of countries) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/)
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/)
    }
    const names = countries.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")))
  })

  it("reads the names people use for a country as that country", () => {
    expect(countryName("USA")).toBe("United States of America")
    expect(countryName("united states")).toBe("United States of America")
    expect(countryName("Ivory Coast")).toBe("Cote d'Ivoire")
    expect(countryName("Côte d'Ivoire")).toBe("Cote d'Ivoire")
    expect(countryName("Deutschland")).toBeUndefined()
  })

  it("a name is a country's name only as the list writes it", () => {
    expect(isCountryName("United Kingdom")).toBe(true)
    expect(isCountryName("united kingdom")).toBe(false)
    expect(isCountryName("UK")).toBe(false)
  })
})
