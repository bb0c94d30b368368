import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { DataExport } from "../PrivacyModel.ts"

/**
 * Port: members' data exports and their archives. The adapter keeps an archive encrypted (it holds the member's
 * decrypted KYC documents) and hands its bytes back only through `archive`. `claimNext` takes the oldest export
 * still building that no other process is building (a lease until `leaseUntil`, so a crashed builder's export is
 * taken again later). `expire` ends every ready export whose download time is over at `now` and drops its
 * archive; `removeAllOf` drops a member's exports with their archives (a closed account).
 */
export class DataExportStore extends Context.Service<
  DataExportStore,
  {
    readonly insert: (request: DataExport) => Effect.Effect<void>
    readonly get: (exportId: string) => Effect.Effect<Option.Option<DataExport>>
    /** Newest first. */
    readonly listOf: (memberId: MemberId) => Effect.Effect<ReadonlyArray<DataExport>>
    readonly claimNext: (now: number, leaseUntil: number) => Effect.Effect<Option.Option<DataExport>>
    readonly complete: (ready: DataExport, archive: Uint8Array) => Effect.Effect<void>
    readonly fail: (exportId: string, detail: string) => Effect.Effect<void>
    readonly archive: (exportId: string) => Effect.Effect<Option.Option<Uint8Array>>
    readonly expire: (now: number) => Effect.Effect<number>
    readonly removeAllOf: (memberId: MemberId) => Effect.Effect<void>
  }
>()("@landunits/core/privacy/ports/DataExportStore") {
  static readonly layerMemory = Layer.sync(DataExportStore)(() => {
    const exports = new Map<string, DataExport>()
    const archives = new Map<string, Uint8Array>()
    const leases = new Map<string, number>()
    return {
      insert: (request) => Effect.sync(() => void exports.set(request.exportId, request)),
      get: (exportId) => Effect.sync(() => Option.fromNullishOr(exports.get(exportId))),
      listOf: (memberId) =>
        Effect.sync(() =>
          [...exports.values()]
            .filter((e) => e.memberId === memberId)
            .sort((a, b) => b.requestedAt - a.requestedAt),
        ),
      claimNext: (now, leaseUntil) =>
        Effect.sync(() => {
          const next = [...exports.values()]
            .filter((e) => e.status === "building" && (leases.get(e.exportId) ?? 0) <= now)
            .sort((a, b) => a.requestedAt - b.requestedAt)[0]
          if (next !== undefined) leases.set(next.exportId, leaseUntil)
          return Option.fromNullishOr(next)
        }),
      complete: (ready, archive) =>
        Effect.sync(() => {
          exports.set(ready.exportId, ready)
          archives.set(ready.exportId, archive.slice())
        }),
      fail: (exportId) =>
        Effect.sync(() => {
          const found = exports.get(exportId)
          if (found !== undefined) exports.set(exportId, { ...found, status: "failed" })
        }),
      archive: (exportId) =>
        Effect.sync(() => Option.map(Option.fromNullishOr(archives.get(exportId)), (b) => b.slice())),
      expire: (now) =>
        Effect.sync(() => {
          let n = 0
          for (const e of exports.values()) {
            if (e.status === "ready" && e.expiresAt !== undefined && e.expiresAt <= now) {
              exports.set(e.exportId, { ...e, status: "expired" })
              archives.delete(e.exportId)
              n++
            }
          }
          return n
        }),
      removeAllOf: (memberId) =>
        Effect.sync(() => {
          for (const e of [...exports.values()]) {
            if (e.memberId === memberId) {
              exports.delete(e.exportId)
              archives.delete(e.exportId)
            }
          }
        }),
    }
  })
}
