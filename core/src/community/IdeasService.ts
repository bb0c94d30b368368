import { Clock, Context, Effect, Layer, Option } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { recordAudit } from "../audit/Audit.ts"
import { AuditAction, auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import type { ApprovalStatus } from "../shared/Enums.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { IdeaNotFound, InvalidCommunityInput, UpvoteRefused } from "./CommunityErrors.ts"
import {
  CommunityLimits,
  checkText,
  type Idea,
  IdeaId,
  type IdeaView,
  type NewIdea,
} from "./CommunityModel.ts"
import { IdeaStore } from "./ports/IdeaStore.ts"

/**
 * Community ideas (decisions.md): members post ideas and upvote others' (once each, never their own);
 * admins set an idea's status (Not Started, Pending, Approved, Rejected), audited.
 */
export class IdeasService extends Context.Service<
  IdeasService,
  {
    /** Most upvoted first; among equals, newest first. */
    readonly listIdeas: (actor: Actor) => Effect.Effect<ReadonlyArray<IdeaView>>
    readonly postIdea: (actor: Actor, idea: NewIdea) => Effect.Effect<IdeaView, InvalidCommunityInput>
    readonly upvote: (actor: Actor, ideaId: IdeaId) => Effect.Effect<IdeaView, IdeaNotFound | UpvoteRefused>
    readonly setStatus: (
      actor: Actor,
      ideaId: IdeaId,
      status: ApprovalStatus,
    ) => Effect.Effect<IdeaView, Forbidden | IdeaNotFound>
  }
>()("@landunits/core/community/IdeasService") {
  static readonly layer = Layer.effect(IdeasService)(
    Effect.gen(function* () {
      const store = yield* IdeaStore
      const ids = yield* IdGenerator
      const auditLog = yield* AuditLog

      const ideaOf = (ideaId: IdeaId) =>
        Effect.flatMap(store.get(ideaId), (found) =>
          Option.match(found, {
            onNone: () => Effect.fail(new IdeaNotFound({ message: `No idea ${ideaId}` })),
            onSome: Effect.succeed,
          }),
        )

      const viewOf = Effect.fnUntraced(function* (actor: Actor, idea: Idea) {
        const upvoters = yield* store.upvoters(idea.ideaId)
        return {
          ...idea,
          upvotes: upvoters.length,
          upvotedByMe: upvoters.includes(actor.memberId),
          ownIdea: idea.authorId === actor.memberId,
        } satisfies IdeaView
      })

      const checked = (label: string, value: string, max: number) => {
        const result = checkText(label, value, max)
        return result.ok
          ? Effect.succeed(result.text)
          : Effect.fail(new InvalidCommunityInput({ message: result.message }))
      }

      const listIdeas = Effect.fn("IdeasService.listIdeas")(function* (actor: Actor) {
        const views: Array<IdeaView> = []
        for (const idea of yield* store.list) views.push(yield* viewOf(actor, idea))
        return views.sort((a, b) => b.upvotes - a.upvotes || b.createdAt - a.createdAt)
      })

      const postIdea = Effect.fn("IdeasService.postIdea")(function* (actor: Actor, input: NewIdea) {
        const title = yield* checked("Title", input.title, CommunityLimits.ideaTitle)
        const description = yield* checked("Description", input.description, CommunityLimits.ideaDescription)
        const idea: Idea = {
          ideaId: IdeaId.make(yield* ids.next("idea")),
          authorId: actor.memberId,
          title,
          description,
          status: "Not Started",
          createdAt: yield* Clock.currentTimeMillis,
        }
        yield* store.save(idea)
        return yield* viewOf(actor, idea)
      })

      const upvote = Effect.fn("IdeasService.upvote")(function* (actor: Actor, ideaId: IdeaId) {
        const idea = yield* ideaOf(ideaId)
        if (idea.authorId === actor.memberId) {
          return yield* new UpvoteRefused({ message: "You cannot upvote your own idea" })
        }
        yield* store.addUpvote(ideaId, actor.memberId, yield* Clock.currentTimeMillis)
        return yield* viewOf(actor, idea)
      })

      const setStatus = Effect.fn("IdeasService.setStatus")(function* (
        actor: Actor,
        ideaId: IdeaId,
        status: ApprovalStatus,
      ) {
        if (!actor.isAdmin) return yield* new Forbidden({ message: "Only admins can set an idea's status" })
        const idea = yield* ideaOf(ideaId)
        const updated: Idea = { ...idea, status }
        yield* store.save(updated)
        yield* recordAudit(actor.memberId, AuditAction.ideaStatusSet, auditSubject.idea(ideaId), {
          from: idea.status,
          to: status,
        }).pipe(Effect.provideService(AuditLog, auditLog))
        return yield* viewOf(actor, updated)
      })

      return IdeasService.of({ listIdeas, postIdea, upvote, setStatus })
    }),
  )
}
