import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { IdeaId } from "../../src/community/CommunityModel.ts"
import { IdeasService } from "../../src/community/IdeasService.ts"
import { IdeaStore } from "../../src/community/ports/IdeaStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"
import { checkProperty } from "../support/EffectProperty.ts"

const T0 = Date.UTC(2026, 4, 1)
const author = MemberId.make("mem_author")
const fan = MemberId.make("mem_fan")
const admin = MemberId.make("mem_admin")
const asAuthor = memberActor(author)
const asFan = memberActor(fan)
const asAdmin = adminActor(admin)

const makeLayer = () =>
  IdeasService.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(IdeaStore.layerMemory, AuditLog.layerMemory, IdGenerator.layerSequential),
    ),
  )
/** Runs `effect` over fresh in-memory stores, the test clock set to T0. */
const fresh = <A, E>(effect: Effect.Effect<A, E, IdeasService | IdeaStore | AuditLog | IdGenerator>) =>
  TestClock.setTime(T0).pipe(Effect.andThen(effect), Effect.provide(makeLayer()))

const idea = { title: "Hedgerow day", description: "Members plant hedgerows together once a year" }

describe("Community ideas", () => {
  it.effect("a posted idea is Not Started with no upvotes", () =>
    Effect.gen(function* () {
      const view = yield* fresh(
        Effect.gen(function* () {
          return yield* (yield* IdeasService).postIdea(asAuthor, idea)
        }),
      )
      expect(view).toMatchObject({
        ...idea,
        authorId: author,
        status: "Not Started",
        upvotes: 0,
        ownIdea: true,
        createdAt: T0,
      })
    }),
  )

  it.effect("an idea needs a title and a description", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const ideas = yield* IdeasService
          return [
            yield* Effect.flip(ideas.postIdea(asAuthor, { title: " ", description: "d" })),
            yield* Effect.flip(ideas.postIdea(asAuthor, { title: "t", description: "" })),
          ]
        }),
      )
      expect(errors.map((e) => e.message)).toEqual(["Title is required", "Description is required"])
    }),
  )

  it.effect("a member upvotes another member's idea once, never their own", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const ideas = yield* IdeasService
          const posted = yield* ideas.postIdea(asAuthor, idea)
          const own = yield* Effect.flip(ideas.upvote(asAuthor, posted.ideaId))
          const upvoted = yield* ideas.upvote(asFan, posted.ideaId)
          const twice = yield* Effect.flip(ideas.upvote(asFan, posted.ideaId))
          const unknown = yield* Effect.flip(ideas.upvote(asFan, IdeaId.make("idea_nope")))
          return { own, upvoted, twice, unknown, list: yield* ideas.listIdeas(asAuthor) }
        }),
      )
      expect(result.own.message).toBe("You cannot upvote your own idea")
      expect(result.upvoted).toMatchObject({ upvotes: 1, upvotedByMe: true, ownIdea: false })
      expect(result.twice.message).toBe("You have already upvoted this idea")
      expect(result.unknown._tag).toBe("IdeaNotFound")
      expect(result.list[0]).toMatchObject({ upvotes: 1, upvotedByMe: false })
    }),
  )

  it.effect("ideas are listed most upvoted first, then newest first", () =>
    Effect.gen(function* () {
      const titles = yield* fresh(
        Effect.gen(function* () {
          const ideas = yield* IdeasService
          const a = yield* ideas.postIdea(asAuthor, { title: "A", description: "a" })
          yield* TestClock.adjust(1)
          yield* ideas.postIdea(asAuthor, { title: "B", description: "b" })
          yield* TestClock.adjust(1)
          yield* ideas.postIdea(asAuthor, { title: "C", description: "c" })
          yield* ideas.upvote(asFan, a.ideaId)
          return (yield* ideas.listIdeas(asFan)).map((i) => i.title)
        }),
      )
      expect(titles).toEqual(["A", "C", "B"])
    }),
  )

  it.effect("only admins set an idea's status, and each change is audited", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const ideas = yield* IdeasService
          const posted = yield* ideas.postIdea(asAuthor, idea)
          const refused = yield* Effect.flip(ideas.setStatus(asAuthor, posted.ideaId, "Approved"))
          const pending = yield* ideas.setStatus(asAdmin, posted.ideaId, "Pending")
          const approved = yield* ideas.setStatus(asAdmin, posted.ideaId, "Approved")
          const unknown = yield* Effect.flip(ideas.setStatus(asAdmin, IdeaId.make("idea_nope"), "Rejected"))
          return {
            refused,
            pending,
            approved,
            unknown,
            audit: yield* (yield* AuditLog).list({ action: "community.idea.setStatus" }),
          }
        }),
      )
      expect(result.refused._tag).toBe("Forbidden")
      expect(result.pending.status).toBe("Pending")
      expect(result.approved.status).toBe("Approved")
      expect(result.unknown._tag).toBe("IdeaNotFound")
      expect(result.audit.map((e) => e.details)).toEqual([
        { from: "Not Started", to: "Pending" },
        { from: "Pending", to: "Approved" },
      ])
    }),
  )

  it.effect("upvote counts: each member counted at most once and the author never", () =>
    Effect.gen(function* () {
      const voters = ["m1", "m2", "m3"].map((m) => MemberId.make(m))
      yield* checkProperty(
        [fc.array(fc.constantFrom(author, ...voters), { maxLength: 20 })],
        (attempts) =>
          fresh(
            Effect.gen(function* () {
              const ideas = yield* IdeasService
              const posted = yield* ideas.postIdea(asAuthor, idea)
              for (const m of attempts) yield* Effect.result(ideas.upvote(memberActor(m), posted.ideaId))
              const [view] = yield* ideas.listIdeas(asAuthor)
              expect(view?.upvotes).toBe(new Set(attempts.filter((m) => m !== author)).size)
            }),
          ),
        { numRuns: 200 },
      )
    }),
  )
})
