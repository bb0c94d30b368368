/** The contracts of the community's stores (questions, agents, ideas): run on memory here, on PostgreSQL by the adapters. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { AgentApplicationId, IdeaId, QuestionId } from "../../src/community/CommunityModel.ts"
import { AgentStore } from "../../src/community/ports/AgentStore.ts"
import { IdeaStore } from "../../src/community/ports/IdeaStore.ts"
import { QuestionStore } from "../../src/community/ports/QuestionStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

export const questionStoreContract = (name: string, makeLayer: () => Layer.Layer<QuestionStore>) =>
  describe(`QuestionStore contract (${name})`, () => {
    it.live("replaces a question on save and lists newest first (the later saved first on a tie)", () =>
      Effect.gen(function* () {
        const q = (id: string, createdAt: number) => ({
          questionId: QuestionId.make(id),
          question: `Question ${id}?`,
          askerId: ann,
          status: "Open" as const,
          answers: [],
          createdAt,
          updatedAt: createdAt,
        })
        const result = yield* Effect.gen(function* () {
          const store = yield* QuestionStore
          yield* store.save(q("q1", 10))
          yield* store.save(q("q2", 30))
          yield* store.save(q("q3", 30))
          yield* store.save({
            ...q("q1", 10),
            status: "Closed",
            answers: [{ answerText: "Yes.", agentId: ben, at: 40 }],
            updatedAt: 40,
          })
          return {
            list: yield* store.list,
            q1: yield* store.get(QuestionId.make("q1")),
            none: yield* store.get(QuestionId.make("zz")),
          }
        }).pipe(Effect.provide(makeLayer()))
        expect(result.list.map((x) => x.questionId)).toEqual(["q3", "q2", "q1"])
        expect(Option.getOrThrow(result.q1)).toMatchObject({
          status: "Closed",
          answers: [{ answerText: "Yes.", agentId: ben, at: 40 }],
        })
        expect(Option.isNone(result.none)).toBe(true)
      }),
    )
  })

export const agentStoreContract = (name: string, makeLayer: () => Layer.Layer<AgentStore>) =>
  describe(`AgentStore contract (${name})`, () => {
    it.live("keeps applications (filtered by status and member, oldest first) and agents once", () =>
      Effect.gen(function* () {
        const application = (id: string, memberId: MemberId, submittedAt: number) => ({
          applicationId: AgentApplicationId.make(id),
          memberId,
          reason: "I know the land",
          experienceAndMotivation: "Ten years of farming",
          status: "Pending" as const,
          submittedAt,
        })
        const result = yield* Effect.gen(function* () {
          const store = yield* AgentStore
          yield* store.saveApplication(application("a2", ben, 20))
          yield* store.saveApplication(application("a1", ann, 10))
          yield* store.saveApplication({
            ...application("a2", ben, 20),
            status: "Approved",
            decidedBy: ann,
            decidedAt: 30,
          })
          yield* store.addAgent(ben, 30)
          yield* store.addAgent(ben, 50)
          return {
            all: (yield* store.listApplications({})).map((a) => a.applicationId),
            pending: (yield* store.listApplications({ status: "Pending" })).map((a) => a.applicationId),
            bens: (yield* store.listApplications({ memberId: ben })).map((a) => a.status),
            a2: yield* store.getApplication(AgentApplicationId.make("a2")),
            benIsAgent: yield* store.isAgent(ben),
            annIsAgent: yield* store.isAgent(ann),
          }
        }).pipe(Effect.provide(makeLayer()))
        expect(result.all).toEqual(["a1", "a2"])
        expect(result.pending).toEqual(["a1"])
        expect(result.bens).toEqual(["Approved"])
        expect(Option.getOrThrow(result.a2)).toMatchObject({ decidedBy: ann, decidedAt: 30 })
        expect(result.benIsAgent).toBe(true)
        expect(result.annIsAgent).toBe(false)
      }),
    )
  })

export const ideaStoreContract = (name: string, makeLayer: () => Layer.Layer<IdeaStore>) =>
  describe(`IdeaStore contract (${name})`, () => {
    it.live("lists ideas newest first and takes one upvote per member per idea", () =>
      Effect.gen(function* () {
        const idea = (id: string, createdAt: number) => ({
          ideaId: IdeaId.make(id),
          authorId: ann,
          title: `Idea ${id}`,
          description: "Plant more trees",
          status: "Not Started" as const,
          createdAt,
        })
        const i1 = IdeaId.make("i1")
        const result = yield* Effect.gen(function* () {
          const store = yield* IdeaStore
          yield* store.save(idea("i1", 10))
          yield* store.save(idea("i2", 20))
          yield* store.save({ ...idea("i1", 10), status: "Approved" })
          yield* store.addUpvote(i1, ben, 30)
          yield* store.addUpvote(i1, ann, 31)
          const again = yield* Effect.flip(store.addUpvote(i1, ben, 32))
          return {
            list: (yield* store.list).map((i) => i.ideaId),
            i1: yield* store.get(i1),
            again,
            upvoters: yield* store.upvoters(i1),
            none: yield* store.upvoters(IdeaId.make("i2")),
          }
        }).pipe(Effect.provide(makeLayer()))
        expect(result.list).toEqual(["i2", "i1"])
        expect(Option.getOrThrow(result.i1).status).toBe("Approved")
        expect(result.again._tag).toBe("UpvoteRefused")
        expect(result.upvoters).toEqual([ben, ann])
        expect(result.none).toEqual([])
      }),
    )
  })
