import { describe, expect, it } from "vitest"
import { dailyHoldings } from "../../src/analytics/UserAnalytics.ts"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")
let n = 0
const transfer = (
  at: string,
  from: Transfer["from"],
  to: Transfer["to"],
  units: number,
  unitType: Transfer["unitType"] = "LAND_EUR",
): Transfer => ({
  transferId: TransferId.make(`tr_${++n}`),
  unitType,
  from,
  to,
  units,
  orderId: OrderId.make(`ord_${n}`),
  at: Date.parse(at),
})

describe("the dashboard's daily holdings", () => {
  const days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"]
  const prices: Record<string, number> = {
    "2026-03-01": 10_000,
    "2026-03-02": 10_010,
    "2026-03-03": 10_020,
    "2026-03-04": 10_030,
  }

  it("counts Units held at each day's end (not unpaid ones), valued at that day's price", () => {
    const transfers = [
      transfer("2026-03-01T10:00:00Z", ISSUANCE, member(ann, "pendingBuy"), 5),
      transfer("2026-03-02T23:59:59.999Z", member(ann, "pendingBuy"), member(ann, "owned"), 5),
      transfer("2026-03-03T00:00:00Z", member(ann, "owned"), member(ann, "pendingSell"), 2),
      transfer("2026-03-04T12:00:00Z", member(ann, "pendingSell"), member(ben, "owned"), 2),
      transfer("2026-03-03T08:00:00Z", ISSUANCE, member(ann, "owned"), 9, "LAND_USD"),
    ]
    const points = dailyHoldings({
      memberId: ann,
      unitType: "LAND_EUR",
      transfers,
      days,
      priceOnDay: (day) => prices[day]!,
    })
    expect(points.map((p) => p.units)).toEqual([0, 5, 5, 3])
    // 5 × 10,010 / 10 = 5,005 cents; 3 × 10,030 / 10 = 3,009 cents.
    expect(points.map((p) => p.valueInCents)).toEqual([0, 5_005, 5_010, 3_009])
    expect(points.map((p) => p.pricePerUnit)).toEqual([10_000, 10_010, 10_020, 10_030])
  })

  it("counts transfers from before the first day", () => {
    const points = dailyHoldings({
      memberId: ben,
      unitType: "LAND_EUR",
      transfers: [transfer("2025-12-31T00:00:00Z", ISSUANCE, member(ben, "owned_DOUBLE_LAND"), 4)],
      days: ["2026-03-01"],
      priceOnDay: () => 10_000,
    })
    expect(points).toEqual([{ day: "2026-03-01", units: 4, pricePerUnit: 10_000, valueInCents: 4_000 }])
  })
})
