import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { TestClock } from "effect/testing"
import { RecordingStore } from "../../src/recording/ports/RecordingStore.ts"
import { isProductionHost, isRecordedPath, RECORDED_PATHS } from "../../src/recording/RecordedPaths.ts"
import { RecordingBatch, RecordingId } from "../../src/recording/RecordingModel.ts"
import { RecordingService } from "../../src/recording/RecordingService.ts"
import { recordingStoreContract } from "../support/RecordingStoreContract.ts"

recordingStoreContract("memory", () => RecordingStore.layerMemory)

const layer = () => RecordingService.layer.pipe(Layer.provideMerge(RecordingStore.layerMemory))
const DAY = 24 * 60 * 60 * 1000
const rid = RecordingId.make("0f8fad5b-d9cb-469f-a165-70867728950e")
const sender = { sessionKey: "s1", memberId: undefined }
const batch = (sequence: number) => ({
  recordingId: rid,
  sequence,
  path: "/statistics",
  events: [{ type: 3, timestamp: sequence }],
})

describe("recorded paths", () => {
  it("are the public and dashboard pages of the list, never sign-in, settings, KYC or payment pages", () => {
    for (const path of [
      "/",
      "/statistics",
      "/news/category/land",
      "/news/some-article",
      "/dashboard",
      "/fees/",
    ])
      expect(isRecordedPath(path), path).toBe(true)
    for (const path of [
      "/login",
      "/register",
      "/login/reset",
      "/dashboard/settings",
      "/dashboard/settings/kyc-verification",
      "/dashboard/buy-units/payment-card-stripe",
      "/dashboard/buy-units/payment-card-square",
      "/dashboard/buy-units/payment-bank",
      "/dashboard/transaction/ord_1",
      "/dashboard/statement",
      "/dashboard/saleschat",
      "/account/confirm",
      "/news/category/a/b",
      "statistics",
      "",
    ])
      expect(isRecordedPath(path), path).toBe(false)
    expect(
      RECORDED_PATHS.some((p) => p.includes("kyc") || p.includes("payment") || p.includes("settings")),
    ).toBe(false)
  })

  it("a batch naming a page off the list, a bad id or a malformed event is refused by its schema", () => {
    const decode = Schema.decodeUnknownResult(RecordingBatch)
    expect(decode(batch(0))._tag).toBe("Success")
    expect(decode({ ...batch(0), path: "/dashboard/settings/kyc-verification" })._tag).toBe("Failure")
    expect(decode({ ...batch(0), recordingId: "short" })._tag).toBe("Failure")
    expect(decode({ ...batch(0), events: [] })._tag).toBe("Failure")
    expect(decode({ ...batch(0), events: [{ type: "x", timestamp: 1 }] })._tag).toBe("Failure")
    expect(decode({ ...batch(0), sequence: -1 })._tag).toBe("Failure")
  })
})

describe("the production host", () => {
  it("is PUBLIC_HOST: without a port on any port, with one on that port only; unset, no host is", () => {
    expect(isProductionHost("landunits.example", "landunits.example")).toBe(true)
    expect(isProductionHost("LandUnits.Example:8443", "landunits.example")).toBe(true)
    expect(isProductionHost("staging.landunits.example", "landunits.example")).toBe(false)
    expect(isProductionHost("landunits.example.evil.test", "landunits.example")).toBe(false)
    expect(isProductionHost("127.0.0.1:3000", "localhost")).toBe(false)
    expect(isProductionHost("localhost:3000", "localhost:3000")).toBe(true)
    expect(isProductionHost("localhost:3001", "localhost:3000")).toBe(false)
    expect(isProductionHost("landunits.example", undefined)).toBe(false)
    expect(isProductionHost("landunits.example", null)).toBe(false)
    expect(isProductionHost("landunits.example", " ")).toBe(false)
    expect(isProductionHost(undefined, "landunits.example")).toBe(false)
  })
})

describe("RecordingService", () => {
  it.effect("a batch for a recording another session started is refused as unknown (404)", () =>
    Effect.gen(function* () {
      const service = yield* RecordingService
      yield* service.record(batch(0), sender)
      const refused = yield* Effect.flip(service.record(batch(1), { sessionKey: "s2", memberId: undefined }))
      expect(refused._tag).toBe("RecordingNotFound")
      expect((yield* service.find(rid)).summary.batches).toBe(1)
    }).pipe(Effect.provide(layer())),
  )

  it.effect("the retention deletes only recordings started more than the retention's days ago", () =>
    Effect.gen(function* () {
      const service = yield* RecordingService
      yield* TestClock.setTime(0)
      yield* service.record(batch(0), sender)
      yield* TestClock.setTime(10 * DAY)
      const other = RecordingId.make("1f8fad5b-d9cb-469f-a165-70867728950e")
      yield* service.record({ ...batch(0), recordingId: other }, sender)
      yield* TestClock.setTime(30 * DAY)
      expect(yield* service.deleteExpired(30)).toBe(0)
      yield* TestClock.setTime(30 * DAY + 1)
      expect(yield* service.deleteExpired(30)).toBe(1)
      expect((yield* service.list({})).map((r) => r.recordingId)).toEqual([other])
    }).pipe(Effect.provide(layer())),
  )
})
