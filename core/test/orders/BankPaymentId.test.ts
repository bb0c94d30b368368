import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bankPaymentId } from "../../src/orders/BankPaymentId.ts"

describe("bank payment id", () => {
  it("is the last 5 characters of the orderId", () => {
    expect(bankPaymentId("65f1c2a9e4b0d3a1c8f9e2b7")).toBe("9e2b7")
    expect(bankPaymentId("0b5e3c1a-7d4f-4e2b-9a6c-1f8d2e3b4a5c")).toBe("b4a5c")
  })

  it("is the whole orderId when it has 5 characters or fewer", () => {
    expect(bankPaymentId("AB12C")).toBe("AB12C")
    expect(bankPaymentId("X9")).toBe("X9")
  })

  it("is always a suffix of the orderId, 5 characters long when the id is long enough", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 64 }), (orderId) => {
        const id = bankPaymentId(orderId)
        expect(orderId.endsWith(id)).toBe(true)
        expect(id.length).toBe(Math.min(5, orderId.length))
      }),
    )
  })
})
