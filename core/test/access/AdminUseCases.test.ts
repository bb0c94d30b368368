/**
 * Issue 37, the admin side: the admins' use cases are core's (`<Context>Admin.ts`), checked here through in-memory
 * ports, without the CLI: every four-eyes operation has its handler; a discount code's terms, a member's role and
 * a threshold are checked and refused with the messages admins read; what applies is audited with who acted, from
 * where, and an approval's facts; an email's secrets never reach an admin.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { adminOperationHandlers } from "../../src/access/AdminOperationHandlers.ts"
import { AdminOperationRefused } from "../../src/access/AdminOperationRunner.ts"
import { fourEyesOperations } from "../../src/access/AdminOperations.ts"
import type { Account } from "../../src/accounts/AccountModel.ts"
import { adminNamed, disableMember, makeAdmin, memberNamed } from "../../src/accounts/MembersAdmin.ts"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { setThreshold } from "../../src/approvals/ApprovalsAdmin.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { maskSecrets } from "../../src/notifications/MailAdmin.ts"
import { type AdminDiscountCode, createDiscountCode } from "../../src/pricing/DiscountCodesAdmin.ts"
import { PricingSettings } from "../../src/pricing/ports/PricingSettings.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const acting = {
  admin: { adminId: MemberId.make("mem_admin"), name: "Ada Admin", email: "ada@example.com" },
  via: "cli",
  osUser: "ops",
}

const member = (overrides: Partial<Account> = {}): Account => ({
  memberId: MemberId.make("mem_bob"),
  email: "bob@example.com",
  firstName: "Bob",
  lastName: "Member",
  userType: "USER",
  role: "member",
  passwordHash: "hash",
  firstLogin: false,
  createdAt: 0,
  ...overrides,
})

/** A use case over `layer`: the handlers' requirements are typed `unknown` (the runner's record). */
const over = <A, ROut, E>(effect: Effect.Effect<A, unknown, unknown>, layer: Layer.Layer<ROut, E>) =>
  Effect.provide(effect as Effect.Effect<A, unknown, ROut>, layer)

const refusalOf = <ROut, E>(effect: Effect.Effect<unknown, unknown, unknown>, layer: Layer.Layer<ROut, E>) =>
  over(
    effect.pipe(
      Effect.flip,
      Effect.map((e) => (e instanceof AdminOperationRefused ? e.message : `not a refusal: ${String(e)}`)),
    ),
    layer,
  )

const codes: Array<AdminDiscountCode> = []
const pricingSettings = Layer.mock(PricingSettings)({
  setDiscountCode: (code) => Effect.sync(() => void codes.push(code)),
  discountCodes: Effect.sync(() => codes),
})

describe("the admins' use cases live in core", () => {
  it("every operation a second admin may approve has its use case in core", () => {
    for (const name of fourEyesOperations) expect(adminOperationHandlers[name], name).toBeDefined()
  })

  it.live(
    "a discount code's terms are refused with what is wrong: its name, one kind of amount, at most 100%",
    () =>
      Effect.gen(function* () {
        const prepare = (params: Record<string, string>) =>
          refusalOf(createDiscountCode.prepare(params), Layer.empty)
        expect(yield* prepare({ code: "a!", percent: "10" })).toBe(
          "A code is 3 to 32 letters, digits, - or _",
        )
        expect(yield* prepare({ code: "WELCOME", percent: "10", amountCents: "500" })).toBe(
          "Give exactly one of --percent or --amount-cents",
        )
        expect(yield* prepare({ code: "WELCOME" })).toBe("Give exactly one of --percent or --amount-cents")
        expect(yield* prepare({ code: "WELCOME", percent: "101" })).toBe("--percent must be at most 100")
        expect(yield* prepare({ code: "WELCOME", amountCents: "1.5" })).toBe(
          '--amount-cents must be a whole number ≥ 1 (got "1.5")',
        )
      }),
  )

  it.live(
    "creating a code writes it active and audits its terms, the admin, the shell's user and the approval",
    () =>
      Effect.gen(function* () {
        codes.length = 0
        const { code, entries } = yield* over(
          Effect.gen(function* () {
            const prepared = yield* createDiscountCode.prepare({ code: " SPRING ", percent: "15" })
            const code = yield* createDiscountCode.apply(acting, prepared.params, {
              approvalRequest: "req_1",
            })
            return { code, entries: yield* (yield* AuditLog).list({}) }
          }),
          Layer.merge(pricingSettings, AuditLog.layerMemory),
        )
        expect(code).toEqual({
          code: "SPRING",
          isPercent: true,
          amount: 15,
          minPaymentAmountInCents: 0,
          active: true,
        })
        expect(codes).toEqual([code])
        expect(createDiscountCode.outcome(code)).toBe("SPRING: 15% off from 0 cents, active")
        expect(entries).toMatchObject([
          {
            actor: "mem_admin",
            action: "discountCodes.create",
            subject: "discountCode:SPRING",
            details: { terms: JSON.stringify(code), approvalRequest: "req_1", via: "cli", osUser: "ops" },
          },
        ])
      }),
  )

  it.live(
    "a disabled member cannot be made an admin; an admin already is one (a repeat); the role is audited",
    () =>
      Effect.gen(function* () {
        const accounts = (account: Account) =>
          Layer.effectDiscard(Effect.flatMap(AccountRepository, (r) => r.insert(account))).pipe(
            Layer.provideMerge(AccountRepository.layerMemory),
          )
        expect(
          yield* refusalOf(
            makeAdmin.prepare({ member: "bob@example.com" }),
            accounts(member({ disabledAt: 1 })),
          ),
        ).toBe("bob@example.com is disabled: a disabled member cannot be an admin")
        const repeat = yield* over(
          makeAdmin.prepare({ member: "mem_bob" }),
          accounts(member({ role: "admin" })),
        )
        expect(repeat).toMatchObject({ params: { member: "bob@example.com" }, repeat: true })
        const { role, entries } = yield* over(
          Effect.gen(function* () {
            yield* makeAdmin.apply(acting, { member: "bob@example.com" }, {})
            return {
              role: (yield* memberNamed("mem_bob")).role,
              entries: yield* (yield* AuditLog).list({ action: "users.makeAdmin" }),
            }
          }),
          Layer.merge(accounts(member()), AuditLog.layerMemory),
        )
        expect(role).toBe("admin")
        expect(entries).toMatchObject([{ subject: "member:mem_bob", details: { email: "bob@example.com" } }])
      }),
  )

  it.live("an unknown member is refused by their email or id, as typed", () =>
    Effect.gen(function* () {
      const layer = AccountRepository.layerMemory
      expect(yield* refusalOf(memberNamed("nobody@example.com"), layer)).toBe(
        "No member has the email nobody@example.com",
      )
      expect(
        yield* refusalOf(
          disableMember(acting, "mem_nobody", "why", () => Effect.void),
          Layer.merge(layer, AuditLog.layerMemory),
        ),
      ).toBe("No member has the id mem_nobody")
    }),
  )

  it.live(
    "only an enabled admin acts: a member or an unknown email is not an admin, a disabled admin cannot act",
    () =>
      Effect.gen(function* () {
        const accounts = (account: Account) =>
          Layer.effectDiscard(Effect.flatMap(AccountRepository, (r) => r.insert(account))).pipe(
            Layer.provideMerge(AccountRepository.layerMemory),
          )
        expect(yield* refusalOf(adminNamed("bob@example.com"), accounts(member()))).toBe(
          "bob@example.com is not an admin (see: landunits users make-admin)",
        )
        expect(yield* refusalOf(adminNamed("nobody@example.com"), accounts(member()))).toBe(
          "nobody@example.com is not an admin (see: landunits users make-admin)",
        )
        expect(
          yield* refusalOf(adminNamed("bob@example.com"), accounts(member({ role: "admin", disabledAt: 1 }))),
        ).toBe("bob@example.com is disabled and cannot act")
        const admin = yield* over(adminNamed("bob@example.com"), accounts(member({ role: "admin" })))
        expect(admin.memberId).toBe("mem_bob")
      }),
  )

  it.live("a threshold names a known currency", () =>
    Effect.gen(function* () {
      expect(
        yield* refusalOf(setThreshold.prepare({ currency: "XYZ", minorUnits: "100" }), Layer.empty),
      ).toBe("currency XYZ is not valid: one of EUR, USD, AUD, GBP")
    }),
  )

  it("an email's sign-in and reset tokens are masked for admins", () => {
    expect(maskSecrets({ token: "secret", name: "Bob" })).toEqual({ token: "••••••", name: "Bob" })
  })
})
