/**
 * Issue 37, the admin side: one declared policy (core/src/access/AdminOperations.ts) and one guard every command
 * goes through. (a) every command of the program has a class, and every class names a command; (b) every
 * money-or-power operation, through the real command path in process, is refused without --otp where the second
 * factor is required (production) and, with two admins, is filed as a request and changes nothing; (c) for the
 * pricing commands, what members read (the account to pay, the rate a convert uses, the fee, the land value, the
 * coin price) is the old value until a second admin approves, and the new one after.
 */

import {
  AdminOperations,
  adminOperationNames,
  commandLineOf,
  type FourEyesOperation,
  fourEyesRuleOf,
  type MoneyOrPowerOperation,
  moneyOrPowerOperations,
  operationNameOf,
} from "@landunits/core/access/AdminOperations.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import { CoinPrices } from "@landunits/core/pricing/ports/CoinPrices.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { sampleDraft } from "@landunits/core/test-support/InvoiceSample.ts"
import type { Command } from "commander"
import { Effect, Option } from "effect"
import * as OTPAuth from "otpauth"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { buildProgram, commandPathOf } from "../src/Program.ts"
import { PERSON_PASSWORD, useInProcessCli } from "./support/InProcessCli.ts"

const ORIGIN = { address: "ip" } as const

const leaves = (command: Command): ReadonlyArray<Command> =>
  command.commands.length === 0 ? [command] : command.commands.flatMap(leaves)

describe("the admin table and the program's commands", () => {
  const program = buildProgram(async () => {
    throw new Error("no command runs here")
  })
  const commands = leaves(program).map((c) => operationNameOf(commandPathOf(c)))

  it("every command of the program has a class in the admin table", () => {
    expect(commands.filter((name) => !Object.hasOwn(AdminOperations, name))).toEqual([])
  })

  it("every entry of the admin table is a command of the program", () => {
    expect(adminOperationNames.filter((name) => !commands.includes(name))).toEqual([])
  })

  it("the rules the brief names: bank accounts, rates, fees, land values, coin prices, prices, codes and roles always need a second admin", () => {
    for (const name of [
      "pricing.setBankAccount",
      "pricing.setRate",
      "pricing.setFees",
      "pricing.setExternalFee",
      "pricing.setLand",
      "pricing.setCoinPrice",
      "pricing.setPrice",
      "discountCodes.create",
      "users.makeAdmin",
    ] as const)
      expect(fourEyesRuleOf(name)).toBe("always")
    for (const name of ["orders.confirmPayment", "orders.cancel", "payouts.markPaid"] as const)
      expect(fourEyesRuleOf(name)).toBe("by-threshold")
  })
})

const ADA = "ada-ops@landunits.example"
const BOB = "bob-ops@landunits.example"
const CYD = "cyd-ops@landunits.example"
const person = (memberId: string, email: string, firstName: string, role: "admin" | "member") =>
  ({ memberId, email, firstName, lastName: "Tester", role }) as const

const BANK = [
  "--account-name",
  "Mallory Ltd",
  "--account-number",
  "99999999",
  "--iban",
  "",
  "--swift-bic",
  "",
  "--bank-name",
  "Elsewhere Bank",
  "--bank-address",
  "1 Other Street",
  "--bank-country",
  "GB",
]

/** One command line per money-or-power operation (a new operation without one fails to typecheck). */
const sampleArgs = (ids: {
  orderToConfirm: string
  orderToCancel: string
  payout: string
  invoice: string
}): Record<MoneyOrPowerOperation, ReadonlyArray<string>> => ({
  "users.makeAdmin": ["users", "make-admin", CYD],
  "orders.confirmPayment": ["orders", "confirm-payment", ids.orderToConfirm],
  "orders.cancel": ["orders", "cancel", ids.orderToCancel, "--reason", "asked by phone"],
  "payouts.markPaid": ["payouts", "mark-paid", ids.payout],
  "approvals.approve": ["approvals", "approve", "apr_none"],
  "approvals.setThreshold": ["approvals", "set-threshold", "EUR", "99999999"],
  "pricing.setPrice": ["pricing", "set-price", "LAND_EUR", "--base-price", "99", "--growth", "1"],
  "pricing.setFees": ["pricing", "set-fees", "LAND_EUR", "--buy-cents", "999"],
  "pricing.setExternalFee": ["pricing", "set-external-fee", "bank", "--fixed-cents", "999", "--percent", "9"],
  "pricing.setRate": ["pricing", "set-rate", "EUR", "GBP", "9"],
  "pricing.setCoinPrice": ["pricing", "set-coin-price", "BITCOIN", "EUR", "1.00"],
  "pricing.setLand": ["pricing", "set-land", "LAND_EUR", "--land-value-cents", "1"],
  "pricing.setBankAccount": ["pricing", "set-bank-account", "EUR", ...BANK],
  "discountCodes.create": ["discount-codes", "create", "OPS99", "--percent", "99"],
  "invoices.setIssuer": [
    "invoices",
    "set-issuer",
    "--issuer-id",
    "landunits",
    "--legal-name",
    "Landunits B.V.",
    "--address",
    "Keizersgracht 1, Amsterdam",
    "--registration-id",
    "KvK 1",
    "--tax-id",
    "NL1B01",
  ],
  "invoices.credit": [
    "invoices",
    "credit",
    ids.invoice,
    "--issuer",
    "landunits",
    "--reason",
    "Issued to the wrong company",
  ],
  "invoices.setTax": [
    "invoices",
    "set-tax",
    "EUR",
    "--treatment",
    "reverse-charge",
    "--words",
    "Reverse charge: the buyer accounts for the VAT",
  ],
})

const NO_IDS = { orderToConfirm: "ord_none", orderToCancel: "ord_none", payout: "pay_none", invoice: "1" }

describe("in production, every money-or-power operation needs the admin's second factor", () => {
  const { cli, run } = useInProcessCli([person("mem_ops_ada", ADA, "Ada", "admin")], {
    seed: "siteContent",
    // The same switch production turns on (NODE_ENV=production makes it required and refuses `off`).
    config: { ADMIN_SECOND_FACTOR: "required" },
  })

  it("the admin has an authenticator app", async () => {
    await run(
      Effect.gen(function* () {
        const factors = yield* SecondFactorService
        const on = { memberId: MemberId.make("mem_ops_ada"), sessionId: "cli-test" }
        const setup = yield* factors.beginTotp({ ...on, account: ADA, currentPassword: PERSON_PASSWORD })
        const code = new OTPAuth.TOTP({
          secret: OTPAuth.Secret.fromBase32(setup.secret),
          digits: 6,
          period: 30,
        })
        yield* factors.confirmTotp({ origin: ORIGIN, ...on, code: code.generate() })
      }),
    )
    expect((await cli("--as", ADA, "pricing", "show")).code).toBe(0)
  })

  it.each(moneyOrPowerOperations)("%s is refused without --otp, naming what it does", async (name) => {
    const outcome = await cli("--as", ADA, "--yes", ...sampleArgs(NO_IDS)[name])
    expect(outcome.code).toBe(ExitCode.refused)
    expect(outcome.err).toContain(
      `${AdminOperations[name].what} needs a code from your authenticator app: re-run with --otp <code>.`,
    )
  })
})

describe("with two admins, every four-eyes operation is filed as a request and changes nothing", () => {
  const { cli, run } = useInProcessCli([
    person("mem_ops_ada", ADA, "Ada", "admin"),
    person("mem_ops_bob", BOB, "Bob", "admin"),
    person("mem_ops_cyd", CYD, "Cyd", "member"),
  ])
  const as = (admin: string, ...args: ReadonlyArray<string>) => cli("--as", admin, "--yes", ...args)

  const buy = (memberId: string, key: string, numberOfUnits: number) =>
    run(
      Effect.flatMap(OrderService, (o) =>
        o.createBuy({
          confirmsBusinessPurpose: true,
          memberId: MemberId.make(memberId),
          idempotencyKey: IdempotencyKey.make(key),
          unitType: "LAND_EUR",
          numberOfUnits,
          paymentMethod: "bank",
          isDoubleLand: false,
        }),
      ),
    )
  const auditCount = () => run(Effect.flatMap(AuditLog, (log) => log.list({}))).then((all) => all.length)
  const lastAudit = () => run(Effect.flatMap(AuditLog, (log) => log.list({}))).then((all) => all.at(-1))

  /** What members read: the account to pay, the rate a convert uses, the fee, the land value, the coin price. */
  const memberView = () =>
    run(
      Effect.gen(function* () {
        const book = yield* PriceBook
        return {
          bankAccount: (yield* (yield* BankTransfers).adminBankDetails("EUR")).bankAccountNumber,
          rate: (yield* (yield* ExchangeRates).rate("EUR", "GBP")).rate,
          price: (yield* book.unitPrice("LAND_EUR")).pricePerUnit,
          buyFee: (yield* book.unitPrice("LAND_EUR")).buyOrderTransactionFeeInCents,
          bankFee: (yield* book.externalFees).bank.fixedCentsFees,
          landValue: (yield* book.landLimits("LAND_EUR")).totalProjectLandValueInCents,
          coinPrice: Option.map(yield* (yield* CoinPrices).latest("BITCOIN", "EUR"), (p) => p.centsPerCoin),
        }
      }),
    )

  let ids = NO_IDS

  it("sets up: a buy to confirm, one to cancel, a payout to pay; every amount needs a second admin (threshold 0)", async () => {
    // Units to sell: a small buy, confirmed at once below the default threshold.
    const stock = await buy("mem_demo", "ops-stock", 20)
    expect((await as(ADA, "orders", "confirm-payment", stock.orderId)).code).toBe(0)
    // Lowering a threshold applies at once (its rule: when-raised).
    expect((await as(ADA, "approvals", "set-threshold", "EUR", "0")).code).toBe(0)
    await run(
      Effect.flatMap(OrderService, (o) =>
        o.createSell({
          memberId: MemberId.make("mem_demo"),
          idempotencyKey: IdempotencyKey.make("ops-sell"),
          unitType: "LAND_EUR",
          numberOfUnits: 15,
        }),
      ),
    )
    const filling = await buy("mem_ops_cyd", "ops-fill", 3)
    // Confirmed through a request Bob approves: the payout exists afterwards.
    const asked = await as(ADA, "orders", "confirm-payment", filling.orderId)
    expect(asked.code).toBe(ExitCode.awaitingApproval)
    const id = /request (apr_\w+)/.exec(asked.out)![1]!
    expect((await as(BOB, "approvals", "approve", id)).code).toBe(0)
    const [payout] = JSON.parse((await as(ADA, "--json", "payouts", "list")).out)
    // An issued invoice to credit (no issuer is set here, so the engine issued none: it is number 1).
    const invoice = await run(
      Effect.flatMap(InvoiceStore, (s) => s.issue(sampleDraft({ orderId: "ops-invoiced" }))),
    )
    ids = {
      invoice: String(invoice.number),
      orderToConfirm: (await buy("mem_ops_cyd", "ops-confirm", 2)).orderId,
      orderToCancel: (await buy("mem_ops_cyd", "ops-cancel", 2)).orderId,
      payout: payout.payoutId,
    }
  })

  const fourEyes = moneyOrPowerOperations.filter(
    (name): name is FourEyesOperation => AdminOperations[name].fourEyes !== "approver",
  )

  it.each(fourEyes)(
    "%s is filed as a request: exit 3, one audit entry (the request), members see nothing new",
    async (name) => {
      const before = await memberView()
      const entries = await auditCount()
      const outcome = await as(ADA, ...sampleArgs(ids)[name])
      expect(outcome.err).toBe("")
      expect(outcome.code).toBe(ExitCode.awaitingApproval)
      expect(outcome.out).toMatch(/^Awaiting a second admin: request apr_\w+/)
      expect(await auditCount()).toBe(entries + 1)
      expect(await lastAudit()).toMatchObject({ action: "approvals.request", details: { command: name } })
      expect(await memberView()).toEqual(before)
      expect(commandLineOf(name)).toBe(sampleArgs(ids)[name].slice(0, 2).join(" "))
    },
  )

  it.each([
    ["pricing.setBankAccount", (v: Awaited<ReturnType<typeof memberView>>) => v.bankAccount, "99999999"],
    ["pricing.setRate", (v: Awaited<ReturnType<typeof memberView>>) => v.rate, 9_000_000],
    ["pricing.setFees", (v: Awaited<ReturnType<typeof memberView>>) => v.buyFee, 999],
    ["pricing.setLand", (v: Awaited<ReturnType<typeof memberView>>) => v.landValue, 1],
    [
      "pricing.setCoinPrice",
      (v: Awaited<ReturnType<typeof memberView>>) => Option.getOrNull(v.coinPrice),
      100,
    ],
  ] as const)(
    "%s: members see the old value after the request and the new one after Bob approves",
    async (name, read, after) => {
      const old = read(await memberView())
      expect(old).not.toEqual(after)
      const outcome = await as(ADA, ...sampleArgs(ids)[name])
      expect(outcome.code).toBe(ExitCode.awaitingApproval)
      expect(read(await memberView())).toEqual(old)
      const id = /request (apr_\w+)/.exec(outcome.out)![1]!
      expect((await as(ADA, "approvals", "approve", id)).err).toContain("Nobody approves their own request")
      expect(read(await memberView())).toEqual(old)
      const approved = await as(BOB, "approvals", "approve", id)
      expect(approved.err).toBe("")
      expect(approved.code).toBe(0)
      expect(read(await memberView())).toEqual(after)
      expect(await lastAudit()).toMatchObject({ action: "approvals.approve", details: { command: name } })
    },
  )

  it("invoices.credit: the credit note is issued, with its reason, only once Bob approves", async () => {
    const creditNote = () =>
      run(Effect.flatMap(InvoiceStore, (s) => s.findCreditNote("landunits", Number(ids.invoice))))
    const outcome = await as(ADA, ...sampleArgs(ids)["invoices.credit"])
    expect(outcome.code).toBe(ExitCode.awaitingApproval)
    expect(await creditNote()).toEqual(Option.none())
    const id = /request (apr_\w+)/.exec(outcome.out)![1]!
    const approved = await as(BOB, "approvals", "approve", id)
    expect(approved.err).toBe("")
    expect(approved.code).toBe(0)
    expect(Option.getOrThrow(await creditNote()).reason).toBe("Issued to the wrong company")
    expect(await lastAudit()).toMatchObject({
      action: "approvals.approve",
      details: { command: "invoices.credit" },
    })
  })
})
