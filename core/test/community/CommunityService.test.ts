import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import {
  AgentApplicationId,
  inQuestionView,
  type Question,
  QuestionId,
} from "../../src/community/CommunityModel.ts"
import { CommunityService } from "../../src/community/CommunityService.ts"
import { AgentStore } from "../../src/community/ports/AgentStore.ts"
import { QuestionStore } from "../../src/community/ports/QuestionStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"

const T0 = Date.UTC(2026, 3, 1, 8, 0, 0)
const asker = MemberId.make("mem_asker")
const agent = MemberId.make("mem_agent")
const other = MemberId.make("mem_other")
const admin = MemberId.make("mem_admin")
const asAsker = memberActor(asker)
const asAgent = memberActor(agent)
const asOther = memberActor(other)
const asAdmin = adminActor(admin)

const makeLayer = () =>
  CommunityService.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        QuestionStore.layerMemory,
        AgentStore.layerMemory,
        AuditLog.layerMemory,
        IdGenerator.layerSequential,
      ),
    ),
  )

type Env = CommunityService | QuestionStore | AgentStore | AuditLog | IdGenerator

/** Runs `effect` over fresh in-memory stores, the test clock set to T0. */
const fresh = <A, E>(effect: Effect.Effect<A, E, Env>) =>
  TestClock.setTime(T0).pipe(Effect.andThen(effect), Effect.provide(makeLayer()))

/** Makes `agent` a community agent the way the product does: apply, admin approves. */
const withAgent = Effect.gen(function* () {
  const community = yield* CommunityService
  const application = yield* community.applyAsAgent(asAgent, {
    reason: "I know the projects",
    experienceAndMotivation: "Ten years of farm management",
  })
  yield* community.decideApplication(asAdmin, application.applicationId, "Approved")
  return community
})

describe("Community questions", () => {
  it.effect("a member asks a question: it is Open, with no answers", () =>
    Effect.gen(function* () {
      const question = yield* fresh(
        Effect.gen(function* () {
          return yield* (yield* CommunityService).createQuestion(asAsker, "  How is the land valued?  ")
        }),
      )
      expect(question).toMatchObject({
        question: "How is the land valued?",
        askerId: asker,
        status: "Open",
        answers: [],
      })
    }),
  )

  it.effect("a blank or over-long question is refused", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const community = yield* CommunityService
          return [
            yield* Effect.flip(community.createQuestion(asAsker, "   ")),
            yield* Effect.flip(community.createQuestion(asAsker, "x".repeat(2001))),
          ]
        }),
      )
      expect(errors.map((e) => e.message)).toEqual([
        "Question is required",
        "Question must be at most 2000 characters",
      ])
    }),
  )

  it.effect("only agents answer questions", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const community = yield* withAgent
          const q = yield* community.createQuestion(asAsker, "When do Units move to Owned?")
          const refused = yield* Effect.flip(community.answerQuestion(asOther, q.questionId, "Tomorrow"))
          const byAdmin = yield* Effect.flip(community.answerQuestion(asAdmin, q.questionId, "Tomorrow"))
          const blank = yield* Effect.flip(community.answerQuestion(asAgent, q.questionId, " "))
          const answered = yield* community.answerQuestion(
            asAgent,
            q.questionId,
            "Within 24 hours on a weekday",
          )
          return { refused, byAdmin, blank, answered }
        }),
      )
      expect(result.refused._tag).toBe("Forbidden")
      expect(result.refused.message).toBe("Only community agents can answer questions")
      expect(result.byAdmin._tag).toBe("Forbidden")
      expect(result.blank._tag).toBe("InvalidCommunityInput")
      expect(result.answered.answers).toEqual([
        { answerText: "Within 24 hours on a weekday", agentId: agent, at: T0 },
      ])
    }),
  )

  it.effect("only agents close questions, and a closed question takes no answers", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const community = yield* withAgent
          const q = yield* community.createQuestion(asAsker, "Is there a fee?")
          const refused = yield* Effect.flip(community.closeQuestion(asAsker, q.questionId))
          const closed = yield* community.closeQuestion(asAgent, q.questionId)
          const again = yield* Effect.flip(community.closeQuestion(asAgent, q.questionId))
          const answer = yield* Effect.flip(community.answerQuestion(asAgent, q.questionId, "Yes"))
          const unknown = yield* Effect.flip(community.closeQuestion(asAgent, QuestionId.make("qst_nope")))
          return { refused, closed, again, answer, unknown }
        }),
      )
      expect(result.refused._tag).toBe("Forbidden")
      expect(result.closed.status).toBe("Closed")
      expect(result.again._tag).toBe("QuestionStatusConflict")
      expect(result.answer._tag).toBe("QuestionStatusConflict")
      expect(result.unknown._tag).toBe("QuestionNotFound")
    }),
  )

  it.effect("only the asker can reopen a question", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const community = yield* withAgent
          const q = yield* community.createQuestion(asAsker, "Can I sell LU2X Units?")
          const notClosed = yield* Effect.flip(community.reopenQuestion(asAsker, q.questionId))
          yield* community.closeQuestion(asAgent, q.questionId)
          const byAgent = yield* Effect.flip(community.reopenQuestion(asAgent, q.questionId))
          const byAdmin = yield* Effect.flip(community.reopenQuestion(asAdmin, q.questionId))
          const reopened = yield* community.reopenQuestion(asAsker, q.questionId)
          return {
            notClosed,
            byAgent,
            byAdmin,
            reopened,
            fetched: yield* community.getQuestion(q.questionId),
          }
        }),
      )
      expect(result.notClosed._tag).toBe("QuestionStatusConflict")
      expect(result.byAgent._tag).toBe("Forbidden")
      expect(result.byAgent.message).toBe("Only the member who asked can reopen a question")
      expect(result.byAdmin._tag).toBe("Forbidden")
      expect(result.reopened.status).toBe("Open")
      expect(result.fetched.status).toBe("Open")
    }),
  )

  it.effect(
    "questionViewBy: All shows every question, Own the member's, Open and Closed by status; newest first",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const community = yield* withAgent
            const a = yield* community.createQuestion(asAsker, "First")
            yield* TestClock.adjust(1000)
            const b = yield* community.createQuestion(asOther, "Second")
            yield* TestClock.adjust(1000)
            yield* community.createQuestion(asAsker, "Third")
            yield* community.closeQuestion(asAgent, a.questionId)
            const ids = (qs: ReadonlyArray<Question>) => qs.map((q) => q.question)
            return {
              all: ids(yield* community.listQuestions(asAsker, "All")),
              own: ids(yield* community.listQuestions(asAsker, "Own")),
              open: ids(yield* community.listQuestions(asAsker, "Open")),
              closed: ids(yield* community.listQuestions(asAsker, "Closed")),
              b,
            }
          }),
        )
        expect(result.all).toEqual(["Third", "Second", "First"])
        expect(result.own).toEqual(["Third", "First"])
        expect(result.open).toEqual(["Third", "Second"])
        expect(result.closed).toEqual(["First"])
        expect(inQuestionView(result.b, "Own", other)).toBe(true)
      }),
  )
})

describe("Community agents", () => {
  it.effect("a member applies once while the application is pending", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const community = yield* CommunityService
          const input = { reason: "Helping", experienceAndMotivation: "Forestry degree" }
          const first = yield* community.applyAsAgent(asOther, input)
          const second = yield* Effect.flip(community.applyAsAgent(asOther, input))
          const blank = yield* Effect.flip(
            community.applyAsAgent(asAsker, { reason: "", experienceAndMotivation: "x" }),
          )
          return { first, second, blank, mine: yield* community.myApplications(asOther) }
        }),
      )
      expect(result.first).toMatchObject({
        memberId: other,
        status: "Pending",
        reason: "Helping",
        submittedAt: T0,
      })
      expect(result.second._tag).toBe("AgentApplicationConflict")
      expect(result.blank.message).toBe("Reason is required")
      expect(result.mine).toEqual([result.first])
    }),
  )

  it.effect("an admin's approval makes the member an agent, and is audited", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const community = yield* CommunityService
          const application = yield* community.applyAsAgent(asAgent, {
            reason: "r",
            experienceAndMotivation: "e",
          })
          const before = yield* community.isAgent(agent)
          const decided = yield* community.decideApplication(asAdmin, application.applicationId, "Approved")
          const again = yield* Effect.flip(
            community.applyAsAgent(asAgent, { reason: "r", experienceAndMotivation: "e" }),
          )
          return {
            before,
            decided,
            after: yield* community.isAgent(agent),
            again,
            audit: yield* (yield* AuditLog).list({ actor: admin }),
          }
        }),
      )
      expect(result.before).toBe(false)
      expect(result.decided).toMatchObject({ status: "Approved", decidedBy: admin, decidedAt: T0 })
      expect(result.after).toBe(true)
      expect(result.again.message).toBe("You are already a community agent")
      expect(result.audit).toMatchObject([
        {
          action: "community.agent.approve",
          subject: `agentApplication:${result.decided.applicationId}`,
          details: { memberId: agent, decision: "Approved" },
          at: T0,
        },
      ])
    }),
  )

  it.effect("a rejected member is not an agent and may apply again", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const community = yield* CommunityService
          const input = { reason: "r", experienceAndMotivation: "e" }
          const first = yield* community.applyAsAgent(asOther, input)
          yield* community.decideApplication(asAdmin, first.applicationId, "Rejected")
          const decidedTwice = yield* Effect.flip(
            community.decideApplication(asAdmin, first.applicationId, "Approved"),
          )
          const second = yield* community.applyAsAgent(asOther, input)
          return {
            decidedTwice,
            isAgent: yield* community.isAgent(other),
            second,
            pending: yield* community.listApplications(asAdmin, "Pending"),
            all: yield* community.listApplications(asAdmin),
            audit: yield* (yield* AuditLog).list({ action: "community.agent.reject" }),
          }
        }),
      )
      expect(result.decidedTwice._tag).toBe("AgentApplicationConflict")
      expect(result.isAgent).toBe(false)
      expect(result.pending).toEqual([result.second])
      expect(result.all).toHaveLength(2)
      expect(result.audit).toHaveLength(1)
    }),
  )

  it.effect("only admins, never the applicant, decide on applications", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const community = yield* CommunityService
          const own = yield* community.applyAsAgent(asAdmin, { reason: "r", experienceAndMotivation: "e" })
          return [
            yield* Effect.flip(community.decideApplication(asOther, own.applicationId, "Approved")),
            yield* Effect.flip(community.decideApplication(asAdmin, own.applicationId, "Approved")),
            yield* Effect.flip(community.listApplications(asOther)),
            yield* Effect.flip(
              community.decideApplication(asAdmin, AgentApplicationId.make("agt_nope"), "Approved"),
            ),
          ]
        }),
      )
      expect(errors.map((e) => e._tag)).toEqual([
        "Forbidden",
        "Forbidden",
        "Forbidden",
        "AgentApplicationNotFound",
      ])
      expect(errors[1]?.message).toBe("An admin cannot decide on their own agent application")
    }),
  )
})
