/** An order's timeline in words (issue 21): the order page's steps and who, never a code. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { timelineActorWords, timelineStepWords } from "../../src/format/TimelineWords.ts"
import type { TimelineActorView } from "../../src/orders/OrderTimeline.ts"
import { OrderStatuses, OrderTypes } from "../../src/shared/EnumValues.ts"

/** A code, not a word: an underscore, a capital inside a word ("PaymentSent"), as Labels.test.ts reads one. */
const looksLikeACode = (text: string) => /_|[a-z][A-Z]/.test(text)

describe("a timeline in words", () => {
  it("says each step in the badge's words for the order's type", () => {
    expect(timelineStepWords({ to: "Initiated" }, "BUY")).toBe("Placed: Awaiting payment")
    expect(timelineStepWords({ from: "InProcess", to: "PaymentSent" }, "BUY")).toBe(
      "Payment in progress → Payment sent",
    )
    expect(timelineStepWords({ from: "PaymentSent", to: "FundsWaitingApproval" }, "BUY")).toBe(
      "Payment sent → Funds received",
    )
    expect(timelineStepWords({ from: "InProcess", to: "PartialComplete" }, "SELL")).toBe(
      "In the sales queue → Partly sold",
    )
  })

  it("says who in words: you, the sender, an administrator, the provider and its event, the job, or unknown", () => {
    const cases: ReadonlyArray<readonly [TimelineActorView, string]> = [
      [{ _tag: "You" }, "by you"],
      [{ _tag: "Admin" }, "by an administrator"],
      [{ _tag: "Provider", provider: "stripe", eventId: "evt_123" }, "by Stripe (event evt_123)"],
      [{ _tag: "Provider", provider: "square" }, "by Square"],
      [{ _tag: "Job", name: "paymentDeadline" }, "automatic: payment deadline"],
      [{ _tag: "Job", name: "convertLock" }, "automatic: end of the 30-day lock"],
      [{ _tag: "Unknown" }, "who: not recorded (made before timelines)"],
    ]
    for (const [actor, words] of cases) expect(timelineActorWords(actor, "BUY")).toBe(words)
    expect(timelineActorWords({ _tag: "OtherMember" }, "TRANSFER")).toBe("by the sender")
  })

  it("property: no step of any order type, between any two statuses, shows a status code", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OrderTypes),
        fc.option(fc.constantFrom(...OrderStatuses), { nil: undefined }),
        fc.constantFrom(...OrderStatuses),
        (orderType, from, to) => {
          const words = timelineStepWords({ from, to }, orderType)
          expect(looksLikeACode(words), words).toBe(false)
        },
      ),
    )
  })
})
