/** The contract of the sales chat's store: run on memory here, on PGlite and PostgreSQL by the adapters. */
import { Effect, type Layer } from "effect"
import { describe, expect, it } from "vitest"
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
    it("keeps each member's thread apart, oldest first, and appended order on a tie", async () => {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const store = yield* SalesChatStore
          yield* store.append(message("m2", ann, 20))
          yield* store.append(message("m1", ann, 10))
          yield* store.append(message("b1", ben, 15))
          yield* store.append(message("m3", ann, 20, "team"))
          return {
            ann: yield* store.thread(ann),
            ben: yield* store.thread(ben),
            nobody: yield* store.thread(MemberId.make("mem_zed")),
            members: yield* store.members,
          }
        }).pipe(Effect.provide(makeLayer())),
      )
      expect(result.ann.map((m) => m.messageId)).toEqual(["m1", "m2", "m3"])
      expect(result.ann[2]).toEqual(message("m3", ann, 20, "team"))
      expect(result.ann[0]).toEqual(message("m1", ann, 10))
      expect(result.ben.map((m) => m.messageId)).toEqual(["b1"])
      expect(result.nobody).toEqual([])
      expect([...result.members].sort()).toEqual([ann, ben])
    })
  })
