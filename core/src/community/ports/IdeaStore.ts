import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import { UpvoteRefused } from "../CommunityErrors.ts"
import type { Idea, IdeaId } from "../CommunityModel.ts"

/**
 * Port: community ideas and their upvotes. `save` inserts or replaces an idea; `list` answers newest first.
 * `addUpvote` records one upvote per (idea, member): a second one fails with UpvoteRefused and changes nothing
 * (a unique constraint in SQL).
 */
export class IdeaStore extends Context.Service<
  IdeaStore,
  {
    readonly save: (idea: Idea) => Effect.Effect<void>
    readonly get: (ideaId: IdeaId) => Effect.Effect<Option.Option<Idea>>
    readonly list: Effect.Effect<ReadonlyArray<Idea>>
    readonly addUpvote: (ideaId: IdeaId, memberId: MemberId, at: number) => Effect.Effect<void, UpvoteRefused>
    readonly upvoters: (ideaId: IdeaId) => Effect.Effect<ReadonlyArray<MemberId>>
  }
>()("@landunits/core/community/ports/IdeaStore") {
  static readonly layerMemory = Layer.effect(IdeaStore)(
    Effect.sync(() => {
      const ideas = new Map<IdeaId, Idea>()
      const upvotes = new Map<IdeaId, Array<MemberId>>()
      return IdeaStore.of({
        save: (idea) =>
          Effect.sync(() => {
            ideas.set(idea.ideaId, idea)
          }),
        get: (ideaId) => Effect.sync(() => Option.fromNullishOr(ideas.get(ideaId))),
        list: Effect.sync(() => [...ideas.values()].reverse().sort((a, b) => b.createdAt - a.createdAt)),
        addUpvote: (ideaId, memberId) =>
          Effect.suspend(() => {
            const members = upvotes.get(ideaId) ?? []
            if (members.includes(memberId)) {
              return Effect.fail(new UpvoteRefused({ message: "You have already upvoted this idea" }))
            }
            upvotes.set(ideaId, [...members, memberId])
            return Effect.void
          }),
        upvoters: (ideaId) => Effect.sync(() => [...(upvotes.get(ideaId) ?? [])]),
      })
    }),
  )
}
