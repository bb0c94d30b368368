/**
 * A business page's header (issue 46): the logo leads to the business home, /business, and carries the "Business"
 * badge; Register goes to /business-register. Other pages keep the consumer home and /register. (That the badge
 * stays visible at 375 px is app.css's, seen in the browser.)
 */
import { cleanup, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { Header } from "../src/components/layout/Header.tsx"
import { renderInRouter } from "./support/router.tsx"

afterEach(cleanup)

describe("the header of a business page", () => {
  it("leads home to /business, with the Business badge, and Register to /business-register", async () => {
    await renderInRouter(() => <Header variant="business" />)
    const home = screen.getByRole("link", { name: "Landunits Business home" })
    expect(home.getAttribute("href")).toBe("/business")
    expect(home.querySelector(".brand__tag")?.textContent).toBe("Business")
    expect(home.className).toContain("brand--tagged")
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/business-register")
  })

  it("elsewhere the logo leads to the consumer home, with no badge, and Register to /register", async () => {
    await renderInRouter(() => <Header variant="default" />)
    const home = screen.getByRole("link", { name: "Landunits home" })
    expect(home.getAttribute("href")).toBe("/")
    expect(home.querySelector(".brand__tag")).toBeNull()
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/register")
  })
})
