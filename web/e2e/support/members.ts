/**
 * Members for the browser tests: their details, registration with the confirmation link of the mail file (through
 * the API or through the register page), an admin, and signing in through the login page.
 */
import { DEMO_EMAIL, DEMO_PASSWORD } from "@landunits/adapters/demo/DemoSeed.ts"
import type { Page } from "playwright-core"
import { expect } from "vitest"
import { linkFromMail, mailCount, type RunningServer } from "../server.ts"
import { apiClient } from "./api.ts"
import { makeAdmin } from "./cli.ts"
import { waitFor } from "./wait.ts"

/** The demo member a development start seeds with a year of history (adapters/src/demo/DemoSeed.ts). */
export const DEMO = { email: DEMO_EMAIL, password: DEMO_PASSWORD } as const

export interface Member {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
}

/** A fresh member's details (unique email). */
export const newMember = (label: string): Member => ({
  email: `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@landunits.example`,
  password: "abc123",
  firstName: "Grace",
  lastName: "Hopper",
})

/**
 * Registers a member through the API and confirms the email with the link of the mail file; with a
 * `businessName`, a business member.
 */
export const registerAndConfirm = async (
  server: RunningServer,
  member: Member,
  { businessName }: { readonly businessName?: string } = {},
): Promise<Member> => {
  const client = apiClient(server.url)
  await client.get("/api/health")
  const registered = await client.post("/api/user/register", {
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    password: member.password,
    ...(businessName === undefined ? { userType: "USER" } : { userType: "BUSINESS", businessName }),
    termsAccepted: true,
  })
  expect(registered.status, await registered.clone().text()).toBe(200)
  const link = await waitFor(
    () => linkFromMail(server.dataDir, member.email, "/account/confirm"),
    `confirmation email to ${member.email}`,
  )
  const token = new URL(link).searchParams.get("token") ?? ""
  const confirmed = await client.get(`/api/auth/confirmation/${encodeURIComponent(token)}`)
  expect(confirmed.status).toBe(200)
  return member
}

/** Registers `admin` and gives them the admin role (made by the demo admin of a development start). */
export const registerAdmin = async (server: RunningServer, admin: Member): Promise<Member> => {
  await registerAndConfirm(server, admin)
  await makeAdmin(server, admin.email)
  return admin
}

/** Signs in through the login page and waits for the dashboard (or the first-login welcome page). */
export const signIn = async (
  page: Page,
  server: RunningServer,
  member: Pick<Member, "email" | "password">,
) => {
  await page.goto(`${server.url}/login`)
  await page.getByLabel("Email").fill(member.email)
  await page.getByLabel("Password", { exact: false }).first().fill(member.password)
  await page.getByRole("button", { name: "Log in" }).click()
  await page.waitForURL(/\/dashboard/)
}

/** Signs out as a member does: the header's Logout button; waits for /login. */
export const signOut = async (page: Page) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click()
  await page.waitForURL(/\/login$/)
}

/** Registers on /register, confirms the address from the mail file, and signs in (first sign-in: the welcome route). */
export const signUpAndSignIn = async (page: Page, server: RunningServer, member: Member) => {
  await page.goto(`${server.url}/register`)
  await page.getByLabel("Email").fill(member.email)
  await page.getByLabel("First Name").fill(member.firstName)
  await page.getByLabel("Last Name").fill(member.lastName)
  await page.locator("input[name=password]").fill(member.password)
  await page.getByLabel("Confirm password").fill(member.password)
  await page.getByRole("checkbox", { name: /I accept the Terms and Conditions/ }).check()
  await page.getByRole("button", { name: "Register" }).click()
  await page.getByRole("button", { name: "Resend" }).waitFor()
  await expect.poll(() => mailCount(server.dataDir, member.email), { timeout: 20_000 }).toBe(1)
  const link = linkFromMail(server.dataDir, member.email, "/account/confirm")
  expect(link).toBeDefined()
  await page.goto((link ?? "").replace(/^https?:\/\/[^/]+/, server.url))
  await expect.poll(() => page.locator(".form-note, .form-error").first().textContent()).toBeTruthy()
  expect(await page.locator(".form-error").count()).toBe(0)
  await signIn(page, server, member)
  await page.waitForURL("**/dashboard/What-are-Land-Units")
}
