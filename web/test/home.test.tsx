/**
 * The member dashboard's parts in the DOM (happy-dom) and its pure rules: the verification tooltip, the
 * transaction filters and the URL, the settings and KYC forms' messages (core's, word for word), the KYC and
 * statement machines, the badges' contrast, the charts and the portfolio's value.
 */

import type { UnitSeries } from "@landunits/core/analytics/UserAnalytics.ts"
import { kycStatusLabel } from "@landunits/core/format/Labels.ts"
import { missingRequiredFields } from "@landunits/core/kyc/KycLifecycle.ts"
import { emptyKycInfo, type KycInfo } from "@landunits/core/kyc/KycModel.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import { PASSWORD_RULE } from "@landunits/core/members/PasswordRule.ts"
import { OrderStatusColour, OrderStatuses } from "@landunits/core/shared/Enums.ts"
import { HouseMessage as H, SpecMessage as S } from "@landunits/core/validation/Messages.ts"
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor as waitForActor } from "xstate"
import { setFetch } from "../src/api/client.ts"
import {
  nextSort,
  onPage,
  pageRange,
  parseTransactionSearch,
  searchFromForm,
  transactionQuery,
} from "../src/api/transactionSearch.ts"
import { KycForm, kycInput, UPLOAD_HINT } from "../src/components/kyc/KycForm.tsx"
import { KycPage } from "../src/components/kyc/KycPage.tsx"
import { VerificationDetails, VerificationTooltip } from "../src/components/kyc/VerificationTooltip.tsx"
import { ChangePasswordFormView } from "../src/components/settings/ChangePasswordForm.tsx"
import { ProfileForm } from "../src/components/settings/ProfileForm.tsx"
import { chartRange, chartSummary, LineChart } from "../src/components/shared/LineChart.tsx"
import { badgeText, contrast } from "../src/lib/badge.ts"
import { portfolioPoints, pricePoints } from "../src/lib/portfolio.ts"
import {
  isReadyForVerification,
  kycMachine,
  SAVED_NOTICE,
  SUBMITTED_NOTICE,
  stillMissingNotice,
} from "../src/machines/kycMachine.ts"
import { statementFileName, statementMachine } from "../src/machines/statementMachine.ts"
import { renderInRouter } from "./support/router.tsx"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

interface Call {
  readonly path: string
  readonly body: unknown
}

/** Answers each API path from a queue of replies; GET /user answers 401 (the session is not under test). */
const serve = (replies: Record<string, Array<() => Response>>) => {
  const calls: Array<Call> = []
  setFetch(async (input, init) => {
    const path = String(input).replace(/^\/api/, "")
    calls.push({ path, body: init?.body })
    if (path === "/user") return json(401, { message: "Not signed in" })
    const next = replies[path]?.shift()
    if (next === undefined) throw new Error(`unexpected request ${path}`)
    return next()
  })
  return calls
}

afterEach(() => {
  cleanup()
  setFetch((...a) => fetch(...a))
})

const COMPLETE: KycInfo = {
  kycStatus: "Details Saved",
  address: {
    houseNumber: "12",
    streetAddress: "Acacia Avenue",
    townCity: "London",
    postcode: "SW1A 1AA",
    country: "United Kingdom",
  },
  contactInfo: { telephoneCountryCode: "+44", phoneNumber: "2079460000" },
  bankDetails: {
    bankAccountName: "Grace Hopper",
    bankAccountNumber: "12345678",
    sortCode: "202015",
    swiftBic: "BUKBGB22",
    bankName: "Example Bank",
    bankAddress: "1 Bank Street",
    bankCountry: "United Kingdom",
  },
  passport: {
    passportNumber: "P1234567",
    issuingCountry: "United Kingdom",
    startDate: "2020-01-15",
    expiryDate: "2034-01-15",
    passportFile: { documentId: "doc1", fileName: "passport.pdf", fileType: "pdf", size: 2048 },
  },
}

const user = (kycInfo: KycInfo = emptyKycInfo, userType: User["userType"] = "USER"): User =>
  ({
    id: "mem_1",
    email: "grace@landunits.example",
    firstName: "Grace",
    lastName: "Hopper",
    userType,
    firstLogin: false,
    kycInfo,
    kycStatus: kycInfo.kycStatus,
  }) as User

describe("verification tooltip", () => {
  it("shows the first 6 missing fields, the rest behind Show More, folded again by Show Less, in a 220 px scroll area", () => {
    render(<VerificationDetails kycInfo={emptyKycInfo} userType="USER" />)
    const list = screen.getByTestId("verification-missing")
    expect(list.style.maxHeight).toBe("220px")
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "House Number",
      "Street Address",
      "Town/City",
      "Postcode",
      "Country",
      "Telephone Country Code",
    ])
    fireEvent.click(screen.getByRole("button", { name: "Show More" }))
    expect(within(list).getAllByRole("listitem")).toHaveLength(18)
    expect(within(list).getAllByRole("listitem").at(-1)?.textContent).toBe("Passport File")
    fireEvent.click(screen.getByRole("button", { name: "Show Less" }))
    expect(within(list).getAllByRole("listitem")).toHaveLength(6)
  })

  it("a business member is missing the business fields too; with 6 or fewer missing there is no Show More", () => {
    render(<VerificationDetails kycInfo={emptyKycInfo} userType="BUSINESS" />)
    fireEvent.click(screen.getByRole("button", { name: "Show More" }))
    const items = within(screen.getByTestId("verification-missing")).getAllByRole("listitem")
    expect(items).toHaveLength(21)
    expect(items.at(-1)?.textContent).toBe("Registration Document")
    cleanup()
    const { passport: _, ...noPassport } = COMPLETE
    render(<VerificationDetails kycInfo={noPassport} userType="USER" />)
    expect(within(screen.getByTestId("verification-missing")).getAllByRole("listitem")).toHaveLength(5)
    expect(screen.queryByRole("button", { name: "Show More" })).toBeNull()
  })

  it("with nothing missing it shows the KYC status in words, in its colour", () => {
    for (const [status, colour] of [
      ["Details Saved", "warning"],
      ["Pending Verification", "warning"],
      ["Verified", "success"],
      ["Not Approved", "danger"],
    ] as const) {
      render(<VerificationDetails kycInfo={{ ...COMPLETE, kycStatus: status }} userType="USER" />)
      const badge = screen.getByText(kycStatusLabel(status))
      expect(badge.getAttribute("data-status")).toBe(status)
      expect(badge.className).toBe(`badge badge--${colour}`)
      expect(screen.queryByTestId("verification-missing")).toBeNull()
      cleanup()
    }
  })

  it("opens on focus on a wide screen, stays open while focus moves inside it, and closes on Escape", () => {
    render(<VerificationTooltip kycInfo={emptyKycInfo} userType="USER" />)
    const trigger = screen.getByRole("button", { name: "Verification details" })
    expect(trigger.getAttribute("aria-expanded")).toBe("false")
    fireEvent.focus(trigger)
    expect(trigger.getAttribute("aria-expanded")).toBe("true")
    const more = screen.getByRole("button", { name: "Show More" })
    fireEvent.blur(trigger, { relatedTarget: more })
    expect(screen.queryByTestId("verification-missing")).not.toBeNull()
    fireEvent.keyDown(more, { key: "Escape" })
    expect(screen.queryByTestId("verification-missing")).toBeNull()
    expect(trigger.getAttribute("aria-expanded")).toBe("false")
  })
})

describe("transaction filters and the URL", () => {
  it("reads every filter of spec §3 from the search params, LAND_ALL included", () => {
    expect(
      parseTransactionSearch({
        page: 2,
        pageSize: "25",
        fromDate: "2026-01-01",
        toDate: "2026-03-31",
        orderStatus: "PaymentSent_FromUserCrypto",
        paymentMethod: "card-stripe",
        orderType: "SELL",
        unitType: "LAND_ALL",
        sortBy: "paymentAmount",
        sortDirection: "asc",
      }),
    ).toEqual({
      page: 2,
      pageSize: 25,
      fromDate: "2026-01-01",
      toDate: "2026-03-31",
      orderStatus: "PaymentSent_FromUserCrypto",
      paymentMethod: "card-stripe",
      orderType: "SELL",
      unitType: "LAND_ALL",
      sortBy: "paymentAmount",
      sortDirection: "asc",
    })
  })

  it("drops what the API would refuse: unknown values, impossible days, pages out of range, and the defaults", () => {
    expect(
      parseTransactionSearch({
        page: 0,
        pageSize: 500,
        fromDate: "2026-02-31",
        toDate: "31/01/2026",
        orderStatus: "Paid",
        paymentMethod: "cash",
        orderType: "buy",
        unitType: "LAND_XYZ",
        sortBy: "memberId",
        sortDirection: "up",
      }),
    ).toEqual({})
    expect(parseTransactionSearch({ page: 1, pageSize: 10 })).toEqual({})
  })

  it("sends the filters as the query string of GET /order/getTransactions and reads them back the same", () => {
    const search = parseTransactionSearch({ orderStatus: "Completed", unitType: "LAND_EUR", page: "3" })
    const query = transactionQuery(search)
    expect(query).toBe("?page=3&orderStatus=Completed&unitType=LAND_EUR")
    expect(parseTransactionSearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(search)
    expect(transactionQuery({})).toBe("")
  })

  it("a submitted filter form keeps the sort and starts again at page 1", () => {
    const form = new FormData()
    form.set("fromDate", "2026-01-01")
    form.set("toDate", "")
    form.set("orderType", "BUY")
    form.set("unitType", "LAND_ALL")
    form.set("pageSize", "10")
    expect(
      searchFromForm(form, { page: 4, sortBy: "orderStatus", sortDirection: "asc", orderType: "SELL" }),
    ).toEqual({
      fromDate: "2026-01-01",
      orderType: "BUY",
      unitType: "LAND_ALL",
      sortBy: "orderStatus",
      sortDirection: "asc",
    })
  })

  it("a column's header flips its own direction and starts another column descending; pages count from 1", () => {
    expect(nextSort({}, "createdAt")).toEqual({ sortBy: "createdAt", sortDirection: "asc" })
    expect(nextSort({ sortBy: "createdAt", sortDirection: "asc" }, "createdAt")).toEqual({
      sortBy: "createdAt",
      sortDirection: "desc",
    })
    expect(nextSort({ sortBy: "createdAt", sortDirection: "asc" }, "paymentAmount")).toEqual({
      sortBy: "paymentAmount",
      sortDirection: "desc",
    })
    expect(onPage({ orderType: "BUY", page: 3 }, 1)).toEqual({ orderType: "BUY" })
    expect(onPage({ orderType: "BUY" }, 2)).toEqual({ orderType: "BUY", page: 2 })
    expect(pageRange(2, 10, 25)).toEqual({ first: 11, last: 20, pages: 3 })
    expect(pageRange(3, 10, 25)).toEqual({ first: 21, last: 25, pages: 3 })
    expect(pageRange(1, 10, 0)).toEqual({ first: 0, last: 0, pages: 1 })
  })
})

describe("change password form", () => {
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change password" }))

  it("holds the new password to the one password rule, with its hint and spec §5's words", async () => {
    serve({})
    await renderInRouter(() => <ChangePasswordFormView />)
    submit()
    const form = screen.getByRole("form", { name: "Change password" })
    expect(form.textContent).toContain(PASSWORD_RULE)
    expect(form.textContent).toContain("Password is required")
    expect(form.textContent).toContain("Confirm password is required")
    type(/^New password/, "shrt1")
    expect(form.textContent).toContain("Password must be at least 6 characters")
    type(/^New password/, "123456")
    expect(form.textContent).toContain("Password must contain at least one letter")
    type(/^New password/, "LongEnough")
    expect(form.textContent).toContain("Password must contain at least one number")
    type(/^New password/, "longenough1")
    expect(form.textContent).not.toContain("Password must")
    type(/^Confirm new password/, "LongEnough2")
    type(/^Current password/, "abc123")
    expect(form.textContent).toContain("Passwords must match")
  })

  it("sends the three fields; the server's refusal shows under the form, and its answer once changed", async () => {
    const calls = serve({
      "/user/update_user_password": [
        () => json(401, { message: "The current password is not correct." }),
        () => json(200, { message: "Your password has been changed." }),
      ],
    })
    await renderInRouter(() => <ChangePasswordFormView />)
    const fill = () => {
      type(/^Current password/, "abc123")
      type(/^New password/, "LongEnough1")
      type(/^Confirm new password/, "LongEnough1")
    }
    fill()
    submit()
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("The current password is not correct."),
    )
    expect(JSON.parse(String(calls.at(-1)?.body))).toEqual({
      currentPassword: "abc123",
      newPassword: "LongEnough1",
      confirmNewPassword: "LongEnough1",
    })
    // The fields were emptied after the send.
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe("")
    fill()
    submit()
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Your password has been changed."),
    )
    expect(screen.queryByRole("alert")).toBeNull()
  })
})

describe("profile form", () => {
  it("holds a new password to the one password rule, with its hint ('Password must be at least 6 characters')", async () => {
    serve({})
    await renderInRouter(() => <ProfileForm user={user()} today="2026-11-23" />)
    const form = screen.getByRole("form", { name: "Profile" })
    expect(form.textContent).toContain(PASSWORD_RULE)
    fireEvent.change(within(form).getByLabelText(/^First Name/), { target: { value: "Al" } })
    fireEvent.change(within(form).getByLabelText(/^New password/), { target: { value: "abc" } })
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }))
    expect(form.textContent).toContain(H.profileFirstNameMinLength)
    expect(form.textContent).toContain("Password must be at least 6 characters")
    // Cross-field rules show once the fields themselves are valid (docs/decisions.md).
    fireEvent.change(within(form).getByLabelText(/^First Name/), { target: { value: "Alan" } })
    fireEvent.change(within(form).getByLabelText(/^New password/), { target: { value: "abcde1" } })
    fireEvent.change(within(form).getByLabelText(/^Confirm new password/), { target: { value: "abcde1" } })
    expect(form.textContent).toContain(H.currentPasswordRequired)
    fireEvent.change(within(form).getByLabelText(/^Current password/), { target: { value: "abc123" } })
    fireEvent.change(within(form).getByLabelText(/^Confirm new password/), { target: { value: "abcde2" } })
    expect(form.textContent).toContain("Passwords must match")
  })

  it("sends multipart form data with only what was filled in", async () => {
    const calls = serve({ "/user/update_profile": [() => json(200, { user: user() })] })
    await renderInRouter(() => <ProfileForm user={user()} today="2026-11-23" />)
    fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: "Murray Hopper" } })
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }))
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Your profile has been saved."))
    const body = calls.find((c) => c.path === "/user/update_profile")?.body
    expect(body).toBeInstanceOf(FormData)
    expect(Object.fromEntries((body as FormData).entries())).toEqual({
      email: "grace@landunits.example",
      firstName: "Grace",
      lastName: "Murray Hopper",
    })
  })
})

describe("KYC form", () => {
  const renderForm = (
    onSave: (body: FormData, review: boolean) => void = () => {},
    userType: User["userType"] = "USER",
  ) =>
    render(
      <KycForm
        kycInfo={emptyKycInfo}
        userType={userType}
        today="2026-11-23"
        busy={false}
        serverError={null}
        notice={null}
        resetKey={0}
        onSave={onSave}
      />,
    )
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
  const save = () => fireEvent.click(screen.getByRole("button", { name: "Save as draft" }))

  it("a section with anything in it is checked whole, with core's messages; blank sections are not checked", () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    type(/^Street Address/, "Acacia Avenue")
    save()
    const form = screen.getByRole("form", { name: "KYC details" })
    expect(form.textContent).toContain(H.houseNumberRequired)
    expect(form.textContent).toContain(H.townCityRequired)
    expect(form.textContent).not.toContain(H.passportNumberRequired)
    expect(saved).toHaveLength(0)
  })

  it("shows the spec's IBAN and passport-date messages", () => {
    renderForm()
    type(/^IBAN/, "gb33 12x4!")
    type(/^Passport Number/, "P1234567")
    type(/^Issuing Country/, "United Kingdom")
    type(/^Start Date/, "2024-05-01")
    type(/^Expiry Date/, "2025-01-01")
    save()
    const form = screen.getByRole("form", { name: "KYC details" })
    expect(form.textContent).toContain("Invalid IBAN format")
    expect(form.textContent).toContain("Expiry date must be in the future")
    type(/^Start Date/, "2030-05-01")
    type(/^Expiry Date/, "2029-01-01")
    expect(form.textContent).toContain("Expiry date must be greater than Start date")
  })

  it("refuses an IBAN with a wrong check digit, and a UK account with neither IBAN nor sort code, on their fields", () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    for (const [label, value] of [
      [/^Bank Account Name/, "Grace Hopper"],
      [/^Bank Account Number/, "3192 6819"],
      [/^IBAN/, "GB29 NWBK 6016 1331 9268 18"],
      [/^SWIFT\/BIC/, "NWBKGB2L"],
      [/^Bank Name/, "NatWest"],
      [/^Bank Address/, "1 Princes Street, London"],
      [/^Bank Country/, "United Kingdom"],
    ] as const) {
      type(label, value)
    }
    save()
    const iban = screen.getByLabelText(/^IBAN/)
    expect(iban.getAttribute("aria-invalid")).toBe("true")
    const form = screen.getByRole("form", { name: "KYC details" })
    expect(form.textContent).toContain(H.ibanChecksum)
    type(/^IBAN/, "")
    save()
    expect(form.textContent).toContain(H.sortCodeRequired)
    expect(screen.getByLabelText(/^Sort Code/).getAttribute("aria-invalid")).toBe("true")
    type(/^Sort Code/, "60-16-13")
    save()
    expect(form.textContent).not.toContain(H.sortCodeRequired)
    expect(saved).toHaveLength(1)
    expect(JSON.parse(String(saved[0]?.get("kycInfo")))).toMatchObject({
      bankDetails: { bankAccountNumber: "31926819", sortCode: "601613", bankCountry: "United Kingdom" },
    })
  })

  it("refuses a file over 8 MB or of another type with the spec's messages, and shows the upload hint", async () => {
    renderForm()
    expect(screen.getAllByText(UPLOAD_HINT).length).toBeGreaterThan(0)
    expect(UPLOAD_HINT).toContain(".jpeg, .png, .jpg, .pdf")
    const input = screen.getByLabelText(/^Passport File/) as HTMLInputElement
    const big = new File([new Uint8Array(8_388_609)], "big.pdf", { type: "application/pdf" })
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } })
    })
    await waitFor(() => expect(screen.getByText(S.fileTooLarge)).toBeTruthy())
    expect(S.fileTooLarge).toBe("File too large. Please upload a file less than 8Mb")
    // Named .pdf, but its content is text: judged by content.
    const fake = new File(["just text"], "passport.pdf", { type: "application/pdf" })
    await act(async () => {
      fireEvent.change(input, { target: { files: [fake] } })
    })
    await waitFor(() =>
      expect(screen.getByText("Unsupported file type. Please upload a PDF, JPEG, or PNG.")).toBeTruthy(),
    )
  })

  it("sends kycInfo as JSON with only the filled sections, and the passport file under spec §7's field name", async () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    type(/^Passport Number/, "P1234567")
    type(/^Issuing Country/, "United Kingdom")
    type(/^Start Date/, "2020-01-15")
    type(/^Expiry Date/, "2034-01-15")
    const pdf = new File(["%PDF-1.4 passport"], "passport.pdf", { type: "application/pdf" })
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/^Passport File/), { target: { files: [pdf] } })
    })
    await waitFor(() => expect(screen.queryByText(/Unsupported|too large/)).toBeNull())
    save()
    expect(saved).toHaveLength(1)
    const body = saved[0] as FormData
    expect(JSON.parse(String(body.get("kycInfo")))).toEqual({
      passport: {
        passportNumber: "P1234567",
        issuingCountry: "United Kingdom",
        startDate: "2020-01-15",
        expiryDate: "2034-01-15",
      },
    })
    expect((body.get("kycInfo.passport.passportFile") as File).name).toBe("passport.pdf")
  })

  it("takes an IBAN, a phone number and a country as people type them, and sends them normalized", () => {
    const saved: Array<{ body: FormData; review: boolean }> = []
    renderForm((body, review) => saved.push({ body, review }))
    type(/^Telephone Country Code/, "+44")
    type(/^Phone Number/, "7700 900123")
    for (const [label, value] of [
      [/^Bank Account Name/, "Ada Lovelace"],
      [/^Bank Account Number/, "3192 6819"],
      [/^IBAN/, "gb29 nwbk 6016 1331 9268 19"],
      [/^SWIFT\/BIC/, "nwbkgb2l"],
      [/^Bank Name/, "NatWest"],
      [/^Bank Address/, "1 Princes Street, London"],
      [/^Bank Country/, "uk"],
    ] as const) {
      type(label, value)
    }
    save()
    expect(saved).toHaveLength(1)
    expect(saved[0]?.review).toBe(false)
    expect(JSON.parse(String(saved[0]?.body.get("kycInfo")))).toMatchObject({
      contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900123" },
      bankDetails: {
        bankAccountNumber: "31926819",
        iban: "GB29NWBK60161331926819",
        swiftBic: "NWBKGB2L",
        bankCountry: "United Kingdom",
      },
    })
  })

  it("country fields offer the ISO 3166 list to search, and refuse what is not on it", () => {
    const { container } = renderForm()
    const country = screen.getByLabelText(/^Country/) as HTMLInputElement
    const list = container.querySelector(`datalist#${country.getAttribute("list")}`)
    expect(list?.querySelectorAll("option").length).toBe(250)
    expect(screen.getByLabelText(/^Bank Country/).getAttribute("list")).toBe(country.getAttribute("list"))
    expect(screen.getByLabelText(/^Issuing Country/).getAttribute("list")).toBe(country.getAttribute("list"))
    type(/^House Number/, "12")
    type(/^Street Address/, "Acacia Avenue")
    type(/^Town\/City/, "London")
    type(/^Postcode/, "SW1A 1AA")
    type(/^Country/, "Atlantis")
    save()
    expect(screen.getByRole("form", { name: "KYC details" }).textContent).toContain(
      "Country must be one of the listed countries",
    )
  })

  it("an empty 'Save and send for review' sends nothing: each missing field says so at its place, the first takes focus, and nothing says saved (issue 38)", () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    fireEvent.click(screen.getByRole("button", { name: "Save and send for review" }))
    expect(saved).toHaveLength(0)
    const form = screen.getByRole("form", { name: "KYC details" })
    const names = (selector: string) =>
      [...form.querySelectorAll<HTMLElement>(selector)].map((el) => el.getAttribute("name"))
    // The 17 required fields of an individual and the passport file: the verification tooltip's 18.
    expect(names("[aria-invalid=true]")).toEqual([
      ...names("[aria-required=true]").slice(0, 17),
      "kycInfo.passport.passportFile",
    ])
    expect(missingRequiredFields(emptyKycInfo, "USER")).toHaveLength(18)
    const invalid = [...form.querySelectorAll<HTMLElement>("[aria-invalid=true]")]
    for (const el of invalid) {
      const message = el
        .getAttribute("aria-describedby")
        ?.split(" ")
        .find((id) => id.endsWith("-error"))
      expect(message && document.getElementById(message)?.textContent, el.getAttribute("name") ?? "").toMatch(
        /is required$/,
      )
    }
    expect(document.activeElement?.getAttribute("name")).toBe("address.houseNumber")
    expect(screen.queryByRole("status")).toBeNull()
    expect(form.querySelector(".form-note")).toBeNull()

    // Filling a field takes its message away; "Save as draft" keeps what there is and sends it.
    type(/^House Number/, "12")
    expect(screen.getByLabelText(/^House Number/).getAttribute("aria-invalid")).toBe("false")
    type(/^Street Address/, "Acacia Avenue")
    type(/^Town\/City/, "London")
    type(/^Postcode/, "SW1A 1AA")
    type(/^Country/, "United Kingdom")
    save()
    expect(saved).toHaveLength(1)
    expect(Object.keys(JSON.parse(String(saved[0]?.get("kycInfo"))))).toEqual(["address"])
  })

  it("with every field filled, 'Save and send for review' still asks for the passport file, on its field", () => {
    const saved: Array<FormData> = []
    renderForm((b) => saved.push(b))
    for (const [label, value] of [
      [/^House Number/, "12"],
      [/^Street Address/, "Acacia Avenue"],
      [/^Town\/City/, "London"],
      [/^Postcode/, "SW1A 1AA"],
      [/^Country/, "United Kingdom"],
      [/^Telephone Country Code/, "+44"],
      [/^Phone Number/, "7700 900123"],
      [/^Bank Account Name/, "Ada Lovelace"],
      [/^Bank Account Number/, "31926819"],
      [/^Sort Code/, "60-16-13"],
      [/^SWIFT\/BIC/, "NWBKGB2L"],
      [/^Bank Name/, "NatWest"],
      [/^Bank Address/, "1 Princes Street, London"],
      [/^Bank Country/, "United Kingdom"],
      [/^Passport Number/, "P1234567"],
      [/^Issuing Country/, "United Kingdom"],
      [/^Start Date/, "2020-01-15"],
      [/^Expiry Date/, "2034-01-15"],
    ] as const) {
      type(label, value)
    }
    fireEvent.click(screen.getByRole("button", { name: "Save and send for review" }))
    expect(saved).toHaveLength(0)
    const file = screen.getByLabelText(/^Passport File/)
    expect(file.getAttribute("aria-invalid")).toBe("true")
    expect(screen.getByText("Passport File is required")).toBeTruthy()
    expect(document.activeElement).toBe(file)
  })

  it("the required uploads are marked * as the page's other required fields are; the optional ones are not", () => {
    renderForm(undefined, "BUSINESS")
    const labelOf = (id: string) => document.querySelector(`label[for="${id}"]`)?.textContent
    expect(labelOf("kyc-kycInfo-passport-passportFile")).toBe("Passport File *")
    expect(labelOf("kyc-kycInfo-businessInfo-registrationDocument")).toBe("Registration Document *")
    expect(labelOf("kyc-kycInfo-businessInfo-optionalDocument")).toBe("Business Optional Document")
    expect(labelOf("kyc-kycInfo-optionalDocument")).toBe("Optional Document")
    // The same mark as a required text field's (Field.tsx): hidden from screen readers, which hear "required".
    expect(screen.getByText("Business Name").closest("label")?.textContent).toBe("Business Name *")
    expect((screen.getByLabelText(/^Passport File/) as HTMLInputElement).required).toBe(true)
    expect((screen.getByLabelText(/^Optional Document/) as HTMLInputElement).required).toBe(false)
  })

  it("business details are asked of business members only", () => {
    renderForm(undefined, "BUSINESS")
    expect(screen.getByLabelText(/^Business Name/)).toBeTruthy()
    expect(screen.getByLabelText(/^Registration Document/)).toBeTruthy()
    cleanup()
    renderForm(undefined, "USER")
    expect(screen.queryByLabelText(/^Business Name/)).toBeNull()
    expect(kycInput({ "businessInfo.businessName": "Acme" }, "USER")).toEqual({ optionalNote: "" })
  })
})

describe("KYC page", () => {
  it("#kyc-details is 'Personal Details' for an individual, with no Business Details tile", () => {
    const { container } = render(<KycPage user={user()} today="2026-11-23" />)
    expect(container.querySelector("#verification-status h2")?.textContent).toBe("Verification Status")
    expect(container.querySelector("#kyc-details h2")?.textContent).toBe("Personal Details")
    const tiles = screen.getByRole("navigation", { name: "KYC sections" })
    expect(within(tiles).queryByText("Business Details")).toBeNull()
    expect(within(tiles).getByText("Personal Details").closest("a")?.getAttribute("href")).toBe(
      "#kyc-details",
    )
    // One step: the form's own button saves and sends; there is no second submit button.
    expect(screen.queryByRole("button", { name: "Submit for verification" })).toBeNull()
    expect(screen.getByRole("button", { name: "Save and send for review" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Save as draft" })).toBeTruthy()
  })

  it("#kyc-details is 'Business Details' for a business, with the same one step to send for review", () => {
    const business: KycInfo = {
      ...COMPLETE,
      businessInfo: {
        businessName: "Acme Land Ltd",
        registrationNumber: "REG123",
        registrationDocument: { documentId: "doc2", fileName: "reg.pdf", fileType: "pdf", size: 1024 },
      },
    }
    const { container } = render(<KycPage user={user(business, "BUSINESS")} today="2026-11-23" />)
    expect(container.querySelector("#kyc-details h2")?.textContent).toBe("Business Details")
    expect(
      within(screen.getByRole("navigation", { name: "KYC sections" })).getByText("Business Details"),
    ).toBeTruthy()
    expect(screen.getByRole("button", { name: "Save and send for review" })).toBeTruthy()
    expect(container.querySelector("#verification-status .badge")?.textContent).toBe("Details saved")
  })
})

describe("KYC machine", () => {
  it("refuses to submit until the details are saved and nothing required is missing", () => {
    expect(isReadyForVerification(user(emptyKycInfo))).toBe(false)
    expect(isReadyForVerification(user({ ...COMPLETE, kycStatus: "UnVerified" }))).toBe(false)
    expect(isReadyForVerification(user(COMPLETE))).toBe(true)
    const actor = createActor(kycMachine, { input: { user: user(emptyKycInfo) } }).start()
    actor.send({ type: "kyc.submit" })
    expect(actor.getSnapshot().value).toBe("editing")
  })

  it("'Save and send for review' saves, then sends at once when nothing required is missing", async () => {
    const saved = user(COMPLETE)
    const sent = user({ ...COMPLETE, kycStatus: "Pending Verification" })
    const changed: Array<User> = []
    const actor = createActor(
      kycMachine.provide({
        actors: {
          saveDetails: fromPromise<User, FormData>(async () => saved),
          submitForVerification: fromPromise<User>(async () => sent),
        },
        actions: { userChanged: (_, u: User) => changed.push(u) },
      }),
      { input: { user: user(emptyKycInfo) } },
    ).start()
    actor.send({ type: "kyc.save", body: new FormData(), review: true })
    await waitForActor(actor, (s) => s.matches("editing") && s.context.notice !== null)
    expect(actor.getSnapshot().context.notice).toBe(SUBMITTED_NOTICE)
    expect(actor.getSnapshot().context.user.kycInfo.kycStatus).toBe("Pending Verification")
    expect(changed).toEqual([saved, sent])
  })

  it("'Save and send for review' the server finds incomplete saves and says what is left, as a refusal; nothing is sent", async () => {
    let sends = 0
    const { passport: _, ...withoutPassport } = COMPLETE
    const actor = createActor(
      kycMachine.provide({
        actors: {
          saveDetails: fromPromise<User, FormData>(async () => user(withoutPassport)),
          submitForVerification: fromPromise<User>(async () => {
            sends += 1
            return user(COMPLETE)
          }),
        },
      }),
      { input: { user: user(emptyKycInfo) } },
    ).start()
    actor.send({ type: "kyc.save", body: new FormData(), review: true })
    await waitForActor(actor, (s) => s.matches("editing") && s.context.error !== null)
    // A refusal of the sending (shown in red under the form), never a green success (issue 38).
    expect(actor.getSnapshot().context.notice).toBeNull()
    expect(actor.getSnapshot().context.error).toBe(
      stillMissingNotice([
        "Passport Number",
        "Passport Issuing Country",
        "Passport Start Date",
        "Passport Expiry Date",
        "Passport File",
      ]),
    )
    expect(sends).toBe(0)
  })

  it("saves a draft, hands the member to the session, and shows a refused sending beside the form", async () => {
    const changed: Array<User> = []
    const saved = user(COMPLETE)
    const actor = createActor(
      kycMachine.provide({
        actors: {
          saveDetails: fromPromise<User, FormData>(async () => saved),
          submitForVerification: fromPromise<User>(async () => {
            throw new Error("Your KYC is missing: Passport File")
          }),
        },
        actions: { userChanged: (_, u: User) => changed.push(u) },
      }),
      { input: { user: user(emptyKycInfo) } },
    ).start()
    actor.send({ type: "kyc.save", body: new FormData(), review: false })
    await waitForActor(actor, (s) => s.matches("editing") && s.context.notice !== null)
    expect(actor.getSnapshot().context.notice).toBe(SAVED_NOTICE)
    expect(actor.getSnapshot().context.saves).toBe(1)
    expect(changed).toEqual([saved])
    actor.send({ type: "kyc.submit" })
    await waitForActor(actor, (s) => s.matches("editing") && s.context.error !== null)
    expect(actor.getSnapshot().context).toMatchObject({
      error: "Your KYC is missing: Passport File",
      errorOf: "submit",
      notice: null,
    })
  })
})

describe("statement machine", () => {
  it("downloads the file and saves it under the server's own name; a refusal keeps the page with the message", async () => {
    const savedFiles: Array<string> = []
    let fail = true
    const actor = createActor(
      statementMachine.provide({
        actors: {
          fetchStatement: fromPromise(async () => {
            if (fail) throw new Error("The end date must be on or after the start date")
            return new Blob(["a,b"])
          }),
        },
        actions: { saveFile: (_, { name }) => savedFiles.push(name) },
      }),
    ).start()
    const choice = { fromDate: "2026-01-01", toDate: "2026-03-31", format: "csv" } as const
    actor.send({ type: "statement.download", choice })
    await waitForActor(actor, (s) => s.matches("idle") && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe("The end date must be on or after the start date")
    expect(savedFiles).toEqual([])
    fail = false
    actor.send({ type: "statement.download", choice })
    await waitForActor(actor, (s) => s.matches("saved"))
    expect(savedFiles).toEqual(["landunits-statement-2026-01-01-to-2026-03-31.csv"])
    expect(statementFileName({ ...choice, format: "pdf" })).toBe(
      "landunits-statement-2026-01-01-to-2026-03-31.pdf",
    )
  })
})

describe("badges, charts and the portfolio", () => {
  it("every order status badge keeps its spec colour with text of at least 4.5:1 contrast", () => {
    for (const status of OrderStatuses) {
      const background = OrderStatusColour[status]
      expect(contrast(background, badgeText(background)), status).toBeGreaterThanOrEqual(4.5)
    }
    expect(badgeText("#ff0000")).toBe("#000000")
    expect(badgeText("#8a2be2")).toBe("#ffffff")
  })

  it("a chart is a named image with a summary and its figures as a table", () => {
    const points = [
      { day: "2026-11-01", value: 1000 },
      { day: "2026-11-02", value: 1500 },
      { day: "2026-11-03", value: 1200 },
    ]
    render(
      <LineChart title="Price" points={points} format={(v) => `$${v}`} valueLabel="Price" empty="none" />,
    )
    expect(screen.getByRole("img", { name: "Price" })).toBeTruthy()
    expect(screen.getAllByRole("row")).toHaveLength(4)
    expect(chartSummary(points, (v) => `$${v}`)).toBe(
      "From $1000 on 01/11/2026 to $1200 on 03/11/2026; lowest $1000, highest $1500.",
    )
    expect(chartRange([5, 5])).toEqual({ min: 4.75, max: 5.25 })
    // A series that starts at zero (a portfolio before its first Unit) keeps its axis at zero, never below.
    expect(chartRange([0, 0])).toEqual({ min: 0, max: 1 })
    expect(chartRange([0, 100])).toEqual({ min: 0, max: 108 })
    expect(chartRange([-10, 10])).toEqual({ min: -11.6, max: 11.6 })
    cleanup()
    render(<LineChart title="Value" points={[]} format={String} valueLabel="Value" empty="Nothing held." />)
    expect(screen.getByText("Nothing held.")).toBeTruthy()
    expect(screen.queryByRole("img")).toBeNull()
  })

  it("the portfolio is valued in one currency at each day's rate (half-up cents), leaving out days without a rate", () => {
    const series: ReadonlyArray<UnitSeries> = [
      {
        unitType: "LAND_USD",
        currency: "USD",
        points: [
          { day: "2026-11-01", units: 2, pricePerUnit: 11_000, valueInCents: 2_200 },
          { day: "2026-11-02", units: 2, pricePerUnit: 11_010, valueInCents: 2_202 },
        ],
      },
      {
        unitType: "LAND_EUR",
        currency: "EUR",
        points: [
          { day: "2026-11-01", units: 3, pricePerUnit: 10_000, valueInCents: 3_000 },
          { day: "2026-11-02", units: 3, pricePerUnit: 10_005, valueInCents: 3_002 },
        ],
      },
    ]
    const rates = { EUR: new Map([["2026-11-02", 1_090_000]]) }
    expect(portfolioPoints(series, "USD", rates)).toEqual({
      points: [{ day: "2026-11-02", value: 2_202 + 3_272 }],
      daysWithoutRate: 1,
      nothingHeld: false,
    })
    expect(pricePoints(series, "LAND_EUR")).toEqual([
      { day: "2026-11-01", value: 10_000 },
      { day: "2026-11-02", value: 10_005 },
    ])
  })
})
