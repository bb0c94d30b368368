/** The contract of the sales chat's store: run on memory here, on PGlite and PostgreSQL by the adapters. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { SalesChatStore } from "../../src/saleschat/ports/SalesChatStore.ts"
import { type SalesMessage, SalesMessageId } from "../../src/saleschat/SalesChatModel.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")
const admin = MemberId.make("mem_admin")

const message = (
  id: string,
  memberId: MemberId,
  at: number,
  from: "member" | "team" = "member",
): SalesMessage => ({
  messageId: SalesMessageId.make(id),
  memberId,
  from,
  authorName: from === "team" ? "Sam from Sales" : "Ann",
  ...(from === "team" ? { adminId: admin } : {}),
  text: `Message ${id} — “quotes” and 'apostrophes' kept`,
  at,
})

export const salesChatStoreContract = (name: string, makeLayer: () => Layer.Layer<SalesChatStore>) =>
  describe(`SalesChatStore contract (${name})`, () => {
    it.live("keeps each member's thread apart, oldest first, and appended order on a tie", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const store = yield* SalesChatStore
          yield* store.append(message("m2", ann, 20))
          yield* store.append(message("m1", ann, 10))
          yield* store.append(message("b1", ben, 15))
          yield* store.append(message("m3", ann, 20, "team"))
          return {
            ann: yield* store.thread(ann),
            ben: yield* store.thread(ben),
            nobody: yield* store.thread(MemberId.make("mem_zed")),
            awaiting: yield* store.awaitingThreads,
          }
        }).pipe(Effect.provide(makeLayer()))
        expect(result.ann.map((m) => m.messageId)).toEqual(["m1", "m2", "m3"])
        expect(result.ann[2]).toEqual(message("m3", ann, 20, "team"))
        expect(result.ann[0]).toEqual(message("m1", ann, 10))
        expect(result.ben.map((m) => m.messageId)).toEqual(["b1"])
        expect(result.nobody).toEqual([])
        // Ann's last message is the team's (m3, appended after m2 at the same instant): only Ben waits.
        expect(result.awaiting.map((t) => t.map((m) => m.messageId))).toEqual([["b1"]])
      }),
    )

    it.live("answers every waiting thread whole, in one read, and none once the team has the last word", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const store = yield* SalesChatStore
          yield* store.append(message("a1", ann, 10))
          yield* store.append(message("a2", ann, 30, "team"))
          yield* store.append(message("a3", ann, 40))
          yield* store.append(message("b1", ben, 5))
          yield* store.append(message("b2", ben, 5))
          const before = yield* store.awaitingThreads
          yield* store.append(message("a4", ann, 50, "team"))
          yield* store.append(message("b3", ben, 60, "team"))
          return { before, after: yield* store.awaitingThreads }
        }).pipe(Effect.provide(makeLayer()))
        const ids = result.before
          .map((t) => t.map((m) => m.messageId))
          .sort((a, b) => a[0]!.localeCompare(b[0]!))
        expect(ids).toEqual([
          ["a1", "a2", "a3"],
          ["b1", "b2"],
        ])
        expect(result.after).toEqual([])
      }),
    )
  })
