import { RecordingStore } from "@landunits/core/recording/ports/RecordingStore.ts"
import { batch, recordingStoreContract } from "@landunits/core/test-support/RecordingStoreContract.ts"
import { recordingUsageContract } from "@landunits/core/test-support/RecordingUsageContract.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { decompressEvents, RecordingStorePg } from "../../src/postgres/RecordingStorePg.ts"
import { RecordingUsagePg } from "../../src/postgres/RecordingUsagePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`recording store on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    recordingStoreContract(target.name, () => RecordingStorePg.pipe(Layer.provide(db.layer())))
    recordingUsageContract(target.name, () => RecordingUsagePg.pipe(Layer.provide(db.layer())))

    it("keeps each batch gzip-compressed: the stored bytes are smaller than the events and decompress to them", async () => {
      const text = "The same statistics page, over and over. ".repeat(200)
      const events = [{ type: 2, timestamp: 1, data: { node: { textContent: text } } }]
      const stored = await db.run(
        Effect.gen(function* () {
          yield* Effect.provide(
            Effect.flatMap(RecordingStore, (s) => s.append(batch({ events }))),
            RecordingStorePg.pipe(Layer.provide(db.layer())),
          )
          const sql = yield* SqlClient.SqlClient
          return yield* sql<{ events_gzip: Uint8Array }>`SELECT events_gzip FROM recording_batches`
        }),
      )
      const bytes = stored[0]!.events_gzip
      expect(bytes[0]).toBe(0x1f) // gzip's magic number
      expect(bytes.length).toBeLessThan(JSON.stringify(events).length / 10)
      expect(decompressEvents(bytes)).toEqual(events)
    })
  })
}
