import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import {
  RECORDING_BUDGET_PER_DAY,
  type RecordingBudget,
  recordingBudgetRefusal,
  recordingDayOf,
  untilNextDayMs,
} from "../../src/limits/Limits.ts"
import { RecordingStore } from "../../src/recording/ports/RecordingStore.ts"
import { RecordingUsage } from "../../src/recording/ports/RecordingUsage.ts"
import {
  configuredRecordingHost,
  isProductionHost,
  isRecordedPath,
  RECORDED_PATHS,
} from "../../src/recording/RecordedPaths.ts"
import { RecordingBatch, RecordingId } from "../../src/recording/RecordingModel.ts"
import { RecordingService } from "../../src/recording/RecordingService.ts"
import { recordingStoreContract } from "../support/RecordingStoreContract.ts"
import { recordingUsageContract } from "../support/RecordingUsageContract.ts"

recordingStoreContract("memory", () => RecordingStore.layerMemory)
recordingUsageContract("memory", () => RecordingUsage.layerMemory)

const ports = () => Layer.merge(RecordingStore.layerMemory, RecordingUsage.layerMemory)
const layer = () => RecordingService.layer.pipe(Layer.provideMerge(ports()))
const layerWith = (budget: RecordingBudget) =>
  RecordingService.layerWithBudget(budget).pipe(Layer.provideMerge(ports()))
const DAY = 24 * 60 * 60 * 1000
const rid = RecordingId.make("0f8fad5b-d9cb-469f-a165-70867728950e")
const sender = { sessionKey: "s1", memberId: undefined, address: "203.0.113.7" }
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

describe("where recording runs, from the configuration", () => {
  it("PUBLIC_HOST set: on, unless APP_URL is set and names another host (or is no URL)", () => {
    expect(configuredRecordingHost("landunits.example", undefined)).toBe("landunits.example")
    expect(configuredRecordingHost(" landunits.example ", "")).toBe("landunits.example")
    expect(configuredRecordingHost("landunits.example", "https://landunits.example")).toBe(
      "landunits.example",
    )
    expect(configuredRecordingHost("landunits.example", "https://LANDUNITS.example:8443/app")).toBe(
      "landunits.example",
    )
    expect(configuredRecordingHost("localhost:3000", "http://localhost:3000")).toBe("localhost:3000")
    expect(configuredRecordingHost("localhost:3000", "http://localhost:3001")).toBeUndefined()
    expect(configuredRecordingHost("landunits.example", "https://staging.landunits.example")).toBeUndefined()
    expect(configuredRecordingHost("landunits.example", "not a url")).toBeUndefined()
    expect(configuredRecordingHost(undefined, "https://landunits.example")).toBeUndefined()
    expect(configuredRecordingHost("  ", undefined)).toBeUndefined()
  })
})

describe("RecordingService", () => {
  it.effect("a batch for a recording another session started is refused as unknown (404)", () =>
    Effect.gen(function* () {
      const service = yield* RecordingService
      yield* service.record(batch(0), sender)
      const refused = yield* Effect.flip(service.record(batch(1), { ...sender, sessionKey: "s2" }))
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

const recId = (n: number) => RecordingId.make(`rec-${String(n).padStart(16, "0")}`)
/** One event of 26 bytes of JSON (the memory store counts the events' JSON length). */
const smallBatch = (recordingId: RecordingId, sequence: number) => ({
  recordingId,
  sequence,
  path: "/statistics",
  events: [{ type: 3, timestamp: 1 }],
})
const BATCH_BYTES = JSON.stringify(smallBatch(recId(0), 0).events).length

describe("the recording budget rule", () => {
  const usage = fc.record({
    addressBytes: fc.nat(),
    addressStarted: fc.nat(),
    installationBytes: fc.nat(),
  })
  const budget = fc.record({
    bytesPerAddress: fc.integer({ min: 1 }),
    bytesPerInstallation: fc.integer({ min: 1 }),
    startedPerAddress: fc.integer({ min: 1 }),
  })

  it("a batch is refused exactly when the address's or the installation's bytes are spent, or it would start one recording too many", () => {
    fc.assert(
      fc.property(usage, budget, fc.boolean(), (u, b, starts) => {
        const refusal = recordingBudgetRefusal(u, b, starts)
        const spent =
          u.addressBytes >= b.bytesPerAddress ||
          u.installationBytes >= b.bytesPerInstallation ||
          (starts && u.addressStarted >= b.startedPerAddress)
        expect(refusal !== undefined).toBe(spent)
        // The address's own bytes are named first: the message tells that network it is its own use.
        if (u.addressBytes >= b.bytesPerAddress) expect(refusal).toBe("recording-storage-address")
      }),
    )
  })

  it("the wait ends at the next 00:00 UTC, when the day's budget frees: within a day, on a day's boundary", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (now) => {
        const wait = untilNextDayMs(now)
        expect(wait).toBeGreaterThan(0)
        expect(wait).toBeLessThanOrEqual(DAY)
        expect((now + wait) % DAY).toBe(0)
        expect(recordingDayOf(now + wait)).toBe(recordingDayOf(now) + 1)
      }),
    )
    expect(untilNextDayMs(Date.UTC(2026, 10, 29, 23, 0))).toBe(60 * 60 * 1000)
  })

  it("the budget's numbers: an address's day fits many visitors, the installation's 30 days stay under 16 GiB", () => {
    const b = RECORDING_BUDGET_PER_DAY
    expect(b.bytesPerAddress / (200 * 1024)).toBeGreaterThanOrEqual(100)
    expect(b.bytesPerInstallation * 30).toBeLessThanOrEqual(16 * 1024 ** 3)
    expect(b.bytesPerAddress).toBeLessThan(b.bytesPerInstallation)
  })
})

describe("RecordingService's storage budget", () => {
  const NOON = Date.UTC(2026, 10, 29, 12, 0)
  const UNTIL_MIDNIGHT_S = 12 * 60 * 60

  it.effect(
    "one address past its day's bytes: 429 until 00:00 UTC, in words; the next day it records again",
    () =>
      Effect.gen(function* () {
        const service = yield* RecordingService
        yield* TestClock.setTime(NOON)
        for (let seq = 0; seq < 3; seq++) yield* service.record(smallBatch(recId(1), seq), sender)
        const refused = yield* Effect.flip(service.record(smallBatch(recId(1), 3), sender))
        expect(refused).toMatchObject({
          _tag: "TooManyAttempts",
          limit: "recording-storage-address",
          retryAfterSeconds: UNTIL_MIDNIGHT_S,
          message:
            "Session recording has kept all it keeps from your network today. It starts again in 12 hours.",
        })
        // A new recording id is no way around it.
        const fresh = yield* Effect.flip(service.record(smallBatch(recId(2), 0), sender))
        expect(fresh).toMatchObject({ limit: "recording-storage-address" })
        expect((yield* service.list({})).map((r) => r.recordingId)).toEqual([recId(1)])
        yield* TestClock.setTime(NOON + UNTIL_MIDNIGHT_S * 1000)
        yield* service.record(smallBatch(recId(1), 3), sender)
        expect((yield* service.find(recId(1))).summary.batches).toBe(4)
      }).pipe(
        Effect.provide(
          layerWith({
            bytesPerAddress: 3 * BATCH_BYTES,
            bytesPerInstallation: 100 * BATCH_BYTES,
            startedPerAddress: 100,
          }),
        ),
      ),
  )

  it.effect("a second address is refused once the installation's bytes of the day are spent", () =>
    Effect.gen(function* () {
      const service = yield* RecordingService
      yield* TestClock.setTime(NOON)
      const a = { sessionKey: "sa", memberId: undefined, address: "198.51.100.1" }
      const b = { sessionKey: "sb", memberId: undefined, address: "198.51.100.2" }
      for (let seq = 0; seq < 4; seq++) yield* service.record(smallBatch(recId(1), seq), a)
      const refused = yield* Effect.flip(service.record(smallBatch(recId(2), 0), b))
      expect(refused).toMatchObject({
        limit: "recording-storage-installation",
        retryAfterSeconds: UNTIL_MIDNIGHT_S,
        message: "Session recording has kept all it keeps today. It starts again in 12 hours.",
      })
    }).pipe(
      Effect.provide(
        layerWith({
          bytesPerAddress: 10 * BATCH_BYTES,
          bytesPerInstallation: 4 * BATCH_BYTES,
          startedPerAddress: 100,
        }),
      ),
    ),
  )

  it.effect(
    "an address starts at most its day's recordings; those it started go on, other addresses start theirs",
    () =>
      Effect.gen(function* () {
        const service = yield* RecordingService
        yield* TestClock.setTime(NOON)
        yield* service.record(smallBatch(recId(1), 0), sender)
        yield* service.record(smallBatch(recId(2), 0), sender)
        const third = yield* Effect.flip(service.record(smallBatch(recId(3), 0), sender))
        expect(third).toMatchObject({ limit: "recordings-started", retryAfterSeconds: UNTIL_MIDNIGHT_S })
        yield* service.record(smallBatch(recId(1), 1), sender)
        yield* service.record(smallBatch(recId(3), 0), { ...sender, address: "203.0.113.8" })
        expect((yield* service.list({})).map((r) => r.recordingId).sort()).toEqual([
          recId(1),
          recId(2),
          recId(3),
        ])
        expect((yield* service.find(recId(1))).summary.batches).toBe(2)
      }).pipe(
        Effect.provide(
          layerWith({ bytesPerAddress: 1_000_000, bytesPerInstallation: 1_000_000, startedPerAddress: 2 }),
        ),
      ),
  )

  it.effect(
    "a refused batch, a retry and another session's batch cost nothing; a stored one costs its bytes",
    () =>
      Effect.gen(function* () {
        const service = yield* RecordingService
        const usage = yield* RecordingUsage
        yield* TestClock.setTime(NOON)
        const day = recordingDayOf(NOON)
        yield* service.record(smallBatch(recId(1), 0), sender)
        yield* service.record(smallBatch(recId(1), 0), sender)
        yield* Effect.flip(service.record(smallBatch(recId(1), 1), { ...sender, sessionKey: "other" }))
        expect(yield* usage.read({ day, address: sender.address })).toEqual({
          addressBytes: BATCH_BYTES,
          addressStarted: 1,
          installationBytes: BATCH_BYTES,
        })
      }).pipe(Effect.provide(layer())),
  )
})
