/** The contract every RecordingStore adapter passes: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { type RecordingAppend, RecordingStore } from "../../src/recording/ports/RecordingStore.ts"
import { RecordingId } from "../../src/recording/RecordingModel.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const id = (n: number) => RecordingId.make(`rec-0000000000000${n}`)
const event = (type: number, timestamp: number, data: Record<string, unknown> = {}) => ({
  type,
  timestamp,
  data,
})

export const batch = (over: Partial<RecordingAppend> = {}): RecordingAppend => ({
  recordingId: id(1),
  sessionKey: "session-a",
  memberId: undefined,
  sequence: 0,
  path: "/statistics",
  events: [event(4, 1000, { href: "https://landunits.example/statistics" }), event(2, 1001, { node: {} })],
  at: 10_000,
  maxStoredBytes: 1_000_000,
  mayStart: true,
  ...over,
})

export const recordingStoreContract = (name: string, makeLayer: () => Layer.Layer<RecordingStore>) =>
  describe(`RecordingStore contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, RecordingStore>) => Effect.provide(effect, makeLayer())

    it.live("keeps a recording's batches and gives back every event whole, in sequence order", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* RecordingStore
            const first = yield* store.append(batch())
            // Sent out of order: the second batch arrives first.
            yield* store.append(
              batch({ sequence: 2, path: "/fees", events: [event(3, 3000, { x: 1 })], at: 12_000 }),
            )
            yield* store.append(batch({ sequence: 1, events: [event(3, 2000, { text: "ok" })], at: 11_000 }))
            return { first, found: yield* store.find(id(1)) }
          }),
        )
        expect(result.first.outcome).toBe("started")
        expect(result.first.storedBytes).toBeGreaterThan(0)
        const found = Option.getOrThrow(result.found)
        expect(found.events.map((e) => (e as { timestamp: number }).timestamp)).toEqual([
          1000, 1001, 2000, 3000,
        ])
        expect(found.events[0]).toEqual(event(4, 1000, { href: "https://landunits.example/statistics" }))
        expect(found.summary).toMatchObject({
          recordingId: id(1),
          memberId: undefined,
          paths: ["/statistics", "/fees"],
          startedAt: 10_000,
          lastAt: 12_000,
          batches: 3,
          events: 4,
        })
        expect(found.summary.storedBytes).toBeGreaterThan(0)
      }),
    )

    it.live("binds a recording to the session that started it: another session's batch changes nothing", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* RecordingStore
            yield* store.append(batch())
            const other = yield* store.append(batch({ sequence: 1, sessionKey: "session-b" }))
            return { other, found: yield* store.find(id(1)) }
          }),
        )
        expect(result.other).toEqual({ outcome: "notYours", storedBytes: 0 })
        expect(Option.getOrThrow(result.found).summary.batches).toBe(1)
      }),
    )

    it.live("a repeated sequence number changes nothing; a full recording refuses more", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* RecordingStore
            yield* store.append(batch())
            const repeated = yield* store.append(batch({ events: [event(3, 5)] }))
            const full = yield* store.append(batch({ sequence: 1, maxStoredBytes: 1 }))
            return { repeated, full, found: yield* store.find(id(1)) }
          }),
        )
        expect(result.repeated).toEqual({ outcome: "repeated", storedBytes: 0 })
        expect(result.full).toEqual({ outcome: "full", storedBytes: 0 })
        expect(Option.getOrThrow(result.found).events).toHaveLength(2)
      }),
    )

    it.live(
      "a batch that may not start a recording makes nothing new, and still joins its own recording",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const store = yield* RecordingStore
              const refused = yield* store.append(batch({ recordingId: id(2), mayStart: false }))
              yield* store.append(batch())
              const joined = yield* store.append(batch({ sequence: 1, mayStart: false }))
              return { refused, joined, two: yield* store.find(id(2)), all: yield* store.list({}) }
            }),
          )
          expect(result.refused).toEqual({ outcome: "notStarted", storedBytes: 0 })
          expect(Option.isNone(result.two)).toBe(true)
          expect(result.joined.outcome).toBe("stored")
          expect(result.joined.storedBytes).toBeGreaterThan(0)
          expect(result.all.map((r) => r.recordingId)).toEqual([id(1)])
        }),
    )

    it.live(
      "a signed-in member's batch names the member; lists filter by member, path and start, newest first",
      () =>
        Effect.gen(function* () {
          const dana = MemberId.make("mem_dana")
          const list = yield* fresh(
            Effect.gen(function* () {
              const store = yield* RecordingStore
              yield* store.append(batch({ recordingId: id(1), at: 1_000 }))
              yield* store.append(batch({ recordingId: id(1), sequence: 1, memberId: dana, at: 1_500 }))
              yield* store.append(batch({ recordingId: id(2), sessionKey: "s2", path: "/fees", at: 2_000 }))
              yield* store.append(batch({ recordingId: id(3), sessionKey: "s3", memberId: dana, at: 3_000 }))
              return {
                all: yield* store.list({}),
                dana: yield* store.list({ memberId: dana }),
                fees: yield* store.list({ path: "/fees" }),
                from: yield* store.list({ from: 2_000 }),
                to: yield* store.list({ to: 2_000 }),
              }
            }),
          )
          const ids = (rs: ReadonlyArray<{ recordingId: string }>) => rs.map((r) => r.recordingId)
          expect(ids(list.all)).toEqual([id(3), id(2), id(1)])
          expect(list.all[2]?.memberId).toBe(dana)
          expect(ids(list.dana)).toEqual([id(3), id(1)])
          expect(ids(list.fees)).toEqual([id(2)])
          expect(ids(list.from)).toEqual([id(3), id(2)])
          expect(ids(list.to)).toEqual([id(1)])
        }),
    )

    it.live("deletes the recordings started before an instant, with their events, and says how many", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* RecordingStore
            yield* store.append(batch({ recordingId: id(1), at: 1_000 }))
            yield* store.append(batch({ recordingId: id(1), sequence: 1, at: 9_000 }))
            yield* store.append(batch({ recordingId: id(2), at: 5_000 }))
            const deleted = yield* store.deleteStartedBefore(5_000)
            return { deleted, one: yield* store.find(id(1)), all: yield* store.list({}) }
          }),
        )
        expect(result.deleted).toBe(1)
        expect(Option.isNone(result.one)).toBe(true)
        expect(result.all.map((r) => r.recordingId)).toEqual([id(2)])
      }),
    )
  })
