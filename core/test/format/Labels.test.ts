import { describe, expect, it } from "vitest"
import {
  DIRECTION_LABELS,
  KYC_STATUS_LABELS,
  kycStatusLabel,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  orderStatusLabel,
  PAYMENT_METHOD_LABELS,
  paymentMethodLabel,
} from "../../src/format/Labels.ts"
import {
  KycStatuses,
  MovementDirections,
  OrderStatuses,
  OrderTypes,
  PaymentMethods,
} from "../../src/shared/EnumValues.ts"

/** A code, not a word: an underscore, a capital inside a word ("InProcess", "UnVerified"), or a dash. */
const looksLikeACode = (label: string) => /_|[a-z][A-Z]|\w-\w/.test(label)

/** Each enumeration of spec §3 and §4 a person may meet, with its labels: a new code without words fails here. */
const ENUMS = [
  ["order status", OrderStatuses, ORDER_STATUS_LABELS],
  ["KYC status", KycStatuses, KYC_STATUS_LABELS],
  ["payment method", PaymentMethods, PAYMENT_METHOD_LABELS],
  ["order type", OrderTypes, ORDER_TYPE_LABELS],
  ["direction", MovementDirections, DIRECTION_LABELS],
] as const

describe("every code people may meet has words (issue 27)", () => {
  for (const [name, codes, labels] of ENUMS) {
    const table = labels as Readonly<Record<string, string | undefined>>
    it(`every ${name} has a label that reads as words`, () => {
      for (const code of codes) {
        const label = table[code]
        expect(label, `${name} ${code}`).toBeTypeOf("string")
        expect(label?.trim(), `${name} ${code}`).not.toBe("")
        expect(looksLikeACode(label ?? ""), `${name} ${code} → "${label}"`).toBe(false)
      }
      // No label for a code that no longer exists.
      expect(Object.keys(labels).sort()).toEqual([...codes].sort())
    })

    it(`no two ${name}s share a label, so a filter's options can be told apart`, () => {
      const shown = codes.map((c) => table[c])
      expect(new Set(shown).size).toBe(shown.length)
    })
  }

  it("the issue's examples read as words", () => {
    expect(orderStatusLabel("PaymentSent_FromUserCrypto")).toBe("Crypto payment sent")
    expect(orderStatusLabel("InProcess")).toBe("In process")
    expect(orderStatusLabel("AUDReadyToSendBetweenAccounts")).toBe("Ready to pay out (AUD)")
    expect(kycStatusLabel("UnVerified")).toBe("Not verified")
    expect(paymentMethodLabel("card-stripe")).toBe("Card (Stripe)")
  })

  it("an order's type says more where it can: a sale in process is in the sales queue, an unpaid buy awaits payment", () => {
    expect(orderStatusLabel("InProcess", "SELL")).toBe("In the sales queue")
    expect(orderStatusLabel("Initiated", "BUY")).toBe("Awaiting payment")
    expect(orderStatusLabel("Locked", "CONVERT")).toBe("Locked for 30 days")
    expect(orderStatusLabel("Completed", "TRANSFER")).toBe("Completed")
    for (const type of OrderTypes) {
      for (const status of OrderStatuses) {
        expect(looksLikeACode(orderStatusLabel(status, type)), `${type} ${status}`).toBe(false)
      }
    }
  })
})
