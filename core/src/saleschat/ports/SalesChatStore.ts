import { Context, Effect, Layer } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { SalesMessage } from "../SalesChatModel.ts"

/**
 * Port: the sales chat's messages. `append` adds one message to its member's thread; `thread` answers a member's
 * messages oldest first (in the order appended on a tie); `awaitingThreads` answers, in one read, every thread
 * whose last message is the member's (each ordered as `thread` orders it).
 */
export class SalesChatStore extends Context.Service<
  SalesChatStore,
  {
    readonly append: (message: SalesMessage) => Effect.Effect<void>
    readonly thread: (memberId: MemberId) => Effect.Effect<ReadonlyArray<SalesMessage>>
    readonly awaitingThreads: Effect.Effect<ReadonlyArray<ReadonlyArray<SalesMessage>>>
  }
>()("@landunits/core/saleschat/ports/SalesChatStore") {
  static readonly layerMemory = Layer.effect(SalesChatStore)(
    Effect.sync(() => {
      const messages: Array<SalesMessage> = []
      const threadOf = (memberId: MemberId) =>
        messages
          .map((m, i) => [m, i] as const)
          .filter(([m]) => m.memberId === memberId)
          .sort(([a, i], [b, j]) => a.at - b.at || i - j)
          .map(([m]) => m)
      return SalesChatStore.of({
        append: (message) =>
          Effect.sync(() => {
            messages.push(message)
          }),
        thread: (memberId) => Effect.sync(() => threadOf(memberId)),
        awaitingThreads: Effect.sync(() =>
          [...new Set(messages.map((m) => m.memberId))]
            .map(threadOf)
            .filter((thread) => thread[thread.length - 1]?.from === "member"),
        ),
      })
    }),
  )
}
