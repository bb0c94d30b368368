/**
 * Issue 46: the statement names whom it is for as the member is named everywhere (members/MemberName.ts): a
 * business member's statement names the business, its registration and VAT numbers, and the person as contact.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { Account } from "../../src/accounts/AccountModel.ts"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { LedgerCheckpoints } from "../../src/ledger/ports/LedgerCheckpoints.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { PriceSchedules } from "../../src/pricing/ports/PriceSchedules.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { loadStatement } from "../../src/statements/LoadStatement.ts"
import { statementCsv } from "../../src/statements/StatementCsv.ts"
import { statementDocument } from "../../src/statements/StatementDocument.ts"

const greta: Account = {
  memberId: MemberId.make("mem-greta-0001"),
  email: "acct@acme.example",
  firstName: "Greta",
  lastName: "Green",
  userType: "BUSINESS",
  businessName: "Acme Ltd",
  role: "member",
  passwordHash: "x",
  firstLogin: false,
  createdAt: 0,
}
const { businessName: _, ...person } = greta
const ada: Account = {
  ...person,
  memberId: MemberId.make("mem-ada-00001"),
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  userType: "USER",
}

const layer = Layer.mergeAll(
  AccountRepository.layerMemory,
  KycStore.layerMemory,
  OrderRepository.layerMemory,
  PayoutRepository.layerMemory,
  PriceSchedules.layerMemory({ current: [] }),
  LedgerCheckpoints.layerMemory,
).pipe(Layer.provideMerge(LedgerStore.layerMemory))

const period = { from: "2026-11-01", to: "2026-11-30" }

const factsOf = (memberId: MemberId) =>
  loadStatement(memberId, period).pipe(
    Effect.map((statement) => {
      const document = statementDocument(statement)
      return {
        text: Object.fromEntries(document.facts.map((f) => [f.label, f.text])),
        csv: statementCsv(document),
      }
    }),
  )

describe("the statement names the member as the member acts", () => {
  it.effect("a business member's statement names the company, its numbers and the person as contact", () =>
    Effect.gen(function* () {
      yield* (yield* AccountRepository).insert(greta)
      yield* (yield* KycStore).save({
        memberId: greta.memberId,
        kycInfo: {
          kycStatus: "UnVerified",
          businessInfo: {
            businessName: "Acme Ltd",
            registrationNumber: "12345678",
            vatNumber: "GB123456789",
          },
        },
        updatedAt: 0,
      })
      const { text, csv } = yield* factsOf(greta.memberId)
      expect(text.Member).toBe("Acme Ltd (contact: Greta Green) <acct@acme.example>")
      expect(text["Registration number"]).toBe("12345678")
      expect(text["VAT number"]).toBe("GB123456789")
      expect(csv).toContain("Member,Acme Ltd,acct@acme.example")
    }).pipe(Effect.provide(layer)),
  )

  it.effect("before KYC, registration's business name names the company", () =>
    Effect.gen(function* () {
      yield* (yield* AccountRepository).insert(greta)
      const { text } = yield* factsOf(greta.memberId)
      expect(text.Member).toBe("Acme Ltd (contact: Greta Green) <acct@acme.example>")
      expect(text["Registration number"]).toBeUndefined()
    }).pipe(Effect.provide(layer)),
  )

  it.effect("an individual's statement names the person", () =>
    Effect.gen(function* () {
      yield* (yield* AccountRepository).insert(ada)
      const { text } = yield* factsOf(ada.memberId)
      expect(text.Member).toBe("Ada Lovelace <ada@example.com>")
      expect(text["VAT number"]).toBeUndefined()
    }).pipe(Effect.provide(layer)),
  )
})
