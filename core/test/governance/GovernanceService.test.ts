import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import {
  allQuizAnswersRight,
  type NewVote,
  newVoteProblems,
  type QuizQuestion,
  type Vote,
  VoteId,
  votePhase,
} from "../../src/governance/GovernanceModel.ts"
import { GovernanceService } from "../../src/governance/GovernanceService.ts"
import { UnitOwnership } from "../../src/governance/ports/UnitOwnership.ts"
import { VoteStore } from "../../src/governance/ports/VoteStore.ts"
import { Durations } from "../../src/shared/Constants.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"
import { checkProperty } from "../support/EffectProperty.ts"

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0)
const { DAY } = Durations

const admin = MemberId.make("mem_admin")
const owner = MemberId.make("mem_owner")
const owner2 = MemberId.make("mem_owner2")
const noUnits = MemberId.make("mem_nounits")
const asAdmin = adminActor(admin)
const asOwner = memberActor(owner)

const owned: Record<string, number> = { [owner]: 10, [owner2]: 1, [admin]: 0 }

const makeLayer = (units: Record<string, number> = owned) =>
  GovernanceService.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        VoteStore.layerMemory,
        UnitOwnership.layerMemory(units),
        AuditLog.layerMemory,
        IdGenerator.layerSequential,
      ),
    ),
  )

type Env = GovernanceService | VoteStore | UnitOwnership | AuditLog | IdGenerator

/** Runs `effect` over fresh in-memory stores (`units` owned by whom), the test clock set to T0. */
const fresh = <A, E>(effect: Effect.Effect<A, E, Env>, units = owned) =>
  TestClock.setTime(T0).pipe(Effect.andThen(effect), Effect.provide(makeLayer(units)))

const quiz: ReadonlyArray<QuizQuestion> = [
  {
    questionId: "q1",
    question: "Do Units give ownership of land?",
    options: [
      { optionId: "yes", text: "Yes" },
      { optionId: "no", text: "No" },
    ],
    rightOptionId: "no",
  },
  {
    questionId: "q2",
    question: "What is the sale fee?",
    options: [
      { optionId: "a", text: "10 Units" },
      { optionId: "b", text: "1%" },
    ],
    rightOptionId: "a",
  },
]
const rightAnswers = { q1: "no", q2: "a" }

const newVote = (overrides: Partial<NewVote> = {}): NewVote => ({
  title: "Buy the Devon farm",
  description: "Should the next project be the Devon farm?",
  opensAt: T0,
  closesAt: T0 + 7 * DAY,
  quiz: [],
  ...overrides,
})

const createVote = (overrides: Partial<NewVote> = {}) =>
  Effect.gen(function* () {
    return yield* (yield* GovernanceService).createVote(asAdmin, newVote(overrides))
  })

describe("Vote rules", () => {
  it("a vote is upcoming before it opens, open until it closes, closed after or once an admin closes it", () => {
    const vote: Vote = { ...newVote(), voteId: VoteId.make("v"), createdBy: admin, createdAt: T0 }
    expect(votePhase(vote, T0 - 1)).toBe("upcoming")
    expect(votePhase(vote, T0)).toBe("open")
    expect(votePhase(vote, T0 + 7 * DAY - 1)).toBe("open")
    expect(votePhase(vote, T0 + 7 * DAY)).toBe("closed")
    expect(votePhase({ ...vote, closedAt: T0 + 1 }, T0 + 2)).toBe("closed")
  })

  it("a quiz is passed only when every question has its right answer; a vote without a quiz needs none", () => {
    expect(allQuizAnswersRight(quiz, rightAnswers)).toBe(true)
    expect(allQuizAnswersRight(quiz, { q1: "no" })).toBe(false)
    expect(allQuizAnswersRight(quiz, { q1: "no", q2: "b" })).toBe(false)
    expect(allQuizAnswersRight([], {})).toBe(true)
  })

  it("a vote needs a title, to close after it opens, and quiz questions with two options and a right one among them", () => {
    expect(newVoteProblems(newVote())).toEqual([])
    expect(
      newVoteProblems(
        newVote({
          title: " ",
          closesAt: T0,
          quiz: [
            { questionId: "q", question: "", options: [{ optionId: "a", text: "A" }], rightOptionId: "b" },
            {
              questionId: "q",
              question: "?",
              options: [
                { optionId: "a", text: "A" },
                { optionId: "a", text: "B" },
              ],
              rightOptionId: "a",
            },
          ],
        }),
      ),
    ).toEqual([
      "A vote needs a title",
      "A vote must close after it opens",
      "Quiz question q has no text",
      "Quiz question q needs at least two options",
      "The right answer of quiz question q is not one of its options",
      "Quiz question q appears twice",
      "Quiz question q repeats an option",
    ])
  })
})

describe("GovernanceService", () => {
  it.effect("only admins create and close votes, and each is audited with who, when and what", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const gov = yield* GovernanceService
          const refused = yield* Effect.flip(gov.createVote(asOwner, newVote()))
          const invalid = yield* Effect.flip(gov.createVote(asAdmin, newVote({ title: "" })))
          const vote = yield* gov.createVote(asAdmin, newVote())
          const closeRefused = yield* Effect.flip(gov.closeVote(asOwner, vote.voteId))
          const closed = yield* gov.closeVote(asAdmin, vote.voteId)
          const again = yield* Effect.flip(gov.closeVote(asAdmin, vote.voteId))
          const unknown = yield* Effect.flip(gov.closeVote(asAdmin, VoteId.make("vote_nope")))
          return {
            refused,
            invalid,
            closed,
            closeRefused,
            again,
            unknown,
            audit: yield* (yield* AuditLog).list({}),
          }
        }),
      )
      expect(result.refused._tag).toBe("Forbidden")
      expect(result.invalid._tag).toBe("InvalidVote")
      expect(result.closeRefused._tag).toBe("Forbidden")
      expect(result.closed.closedAt).toBe(T0)
      expect(result.again._tag).toBe("VoteClosed")
      expect(result.unknown._tag).toBe("VoteNotFound")
      expect(result.audit.map((e) => [e.actor, e.action, e.subject, e.at])).toEqual([
        [admin, "governance.vote.create", `vote:${result.closed.voteId}`, T0],
        [admin, "governance.vote.close", `vote:${result.closed.voteId}`, T0],
      ])
    }),
  )

  it.effect("a member who owns no Unit cannot vote", () =>
    Effect.gen(function* () {
      const error = yield* fresh(
        Effect.gen(function* () {
          const vote = yield* createVote()
          return yield* Effect.flip(
            (yield* GovernanceService).castBallot(memberActor(noUnits), vote.voteId, "y"),
          )
        }),
      )
      expect(error._tag).toBe("NotEligibleToVote")
      expect(error.message).toBe("Only members who own at least one Unit can vote")
    }),
  )

  it.effect("a member votes once: a second ballot is refused and the first one stands", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const gov = yield* GovernanceService
          const vote = yield* createVote()
          const ballot = yield* gov.castBallot(asOwner, vote.voteId, "y")
          const second = yield* Effect.flip(gov.castBallot(asOwner, vote.voteId, "n"))
          const [view] = yield* gov.listVotes(asOwner, "open")
          return { ballot, second, view, live: yield* gov.results(asAdmin, vote.voteId) }
        }),
      )
      expect(result.ballot).toEqual({ voteId: result.view?.voteId, memberId: owner, answer: "y", at: T0 })
      expect(result.second._tag).toBe("AlreadyVoted")
      expect(result.view).toMatchObject({ voteState: "vote_submitted_already", answer: "y", eligible: true })
      expect(result.live).toMatchObject({ yes: 1, no: 0 })
    }),
  )

  it.effect("a ballot is refused until every quiz answer is right", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const gov = yield* GovernanceService
          const vote = yield* createVote({ quiz })
          const [before] = yield* gov.listVotes(asOwner, "open")
          const noQuiz = yield* Effect.flip(gov.castBallot(asOwner, vote.voteId, "y"))
          const wrong = yield* gov.submitQuizAnswers(asOwner, vote.voteId, { q1: "yes", q2: "a" })
          const [afterWrong] = yield* gov.listVotes(asOwner, "open")
          const stillRefused = yield* Effect.flip(gov.castBallot(asOwner, vote.voteId, "y"))
          const right = yield* gov.submitQuizAnswers(asOwner, vote.voteId, rightAnswers)
          const later = yield* gov.submitQuizAnswers(asOwner, vote.voteId, { q1: "yes" })
          const ballot = yield* gov.castBallot(asOwner, vote.voteId, "n")
          return { before, noQuiz, wrong, afterWrong, stillRefused, right, later, ballot }
        }),
      )
      expect(result.before).toMatchObject({
        quizAnswer: "answer_not_submitted",
        quizResult: "all_right_answer_not_given",
      })
      expect(result.before?.quiz[0]).toEqual({
        questionId: "q1",
        question: quiz[0]!.question,
        options: quiz[0]!.options,
      })
      expect(result.noQuiz._tag).toBe("QuizNotPassed")
      expect(result.wrong).toEqual({
        quizAnswer: "answer_submitted",
        quizResult: "all_right_answer_not_given",
        wrongQuestionIds: ["q1"],
      })
      expect(result.afterWrong).toMatchObject({
        quizAnswer: "answer_submitted",
        quizResult: "all_right_answer_not_given",
      })
      expect(result.stillRefused._tag).toBe("QuizNotPassed")
      expect(result.right.quizResult).toBe("all_right_answer_submitted")
      expect(result.later).toEqual(result.right)
      expect(result.ballot.answer).toBe("n")
    }),
  )

  it.effect("quiz answers are refused after voting and from members who own no Unit", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const gov = yield* GovernanceService
          const vote = yield* createVote({ quiz })
          yield* gov.submitQuizAnswers(asOwner, vote.voteId, rightAnswers)
          yield* gov.castBallot(asOwner, vote.voteId, "y")
          return [
            yield* Effect.flip(gov.submitQuizAnswers(asOwner, vote.voteId, rightAnswers)),
            yield* Effect.flip(gov.submitQuizAnswers(memberActor(noUnits), vote.voteId, rightAnswers)),
          ]
        }),
      )
      expect(errors.map((e) => e._tag)).toEqual(["AlreadyVoted", "NotEligibleToVote"])
    }),
  )

  it.effect("a closed vote refuses ballots and quiz answers; a vote not yet open refuses them too", () =>
    Effect.gen(function* () {
      const errors = yield* fresh(
        Effect.gen(function* () {
          const gov = yield* GovernanceService
          const vote = yield* createVote()
          const upcoming = yield* createVote({ opensAt: T0 + DAY, closesAt: T0 + 2 * DAY })
          const notYet = yield* Effect.flip(gov.castBallot(asOwner, upcoming.voteId, "y"))
          yield* TestClock.adjust(7 * DAY)
          return [
            notYet,
            yield* Effect.flip(gov.castBallot(asOwner, vote.voteId, "y")),
            yield* Effect.flip(gov.submitQuizAnswers(asOwner, vote.voteId, {})),
          ]
        }),
      )
      expect(errors.map((e) => e._tag)).toEqual(["VoteNotOpen", "VoteClosed", "VoteClosed"])
      expect(errors[1]?.message).toBe("This vote is closed")
    }),
  )

  it.effect(
    "results are Yes at 50% or more, No below, Not Decided with no ballots, shown to members once closed",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const gov = yield* GovernanceService
            const tie = yield* createVote()
            const lost = yield* createVote()
            const empty = yield* createVote()
            yield* gov.castBallot(asOwner, tie.voteId, "y")
            yield* gov.castBallot(memberActor(owner2), tie.voteId, "n")
            yield* gov.castBallot(asOwner, lost.voteId, "n")
            const early = yield* Effect.flip(gov.results(asOwner, tie.voteId))
            yield* gov.closeVote(asAdmin, tie.voteId)
            yield* TestClock.adjust(7 * DAY)
            return {
              early,
              tie: yield* gov.results(asOwner, tie.voteId),
              lost: yield* gov.results(asOwner, lost.voteId),
              empty: yield* gov.results(asOwner, empty.voteId),
              closedList: yield* gov.listVotes(memberActor(noUnits), "closed"),
              openList: yield* gov.listVotes(asOwner, "open"),
            }
          }),
        )
        expect(result.early._tag).toBe("VoteStillOpen")
        expect(result.tie).toMatchObject({ yes: 1, no: 1, yesPercentage: 50, outcome: "Yes" })
        expect(result.lost).toMatchObject({ yes: 0, no: 1, yesPercentage: 0, outcome: "No" })
        expect(result.empty).toMatchObject({ yes: 0, no: 0, yesPercentage: null, outcome: "Not Decided" })
        expect(result.openList).toEqual([])
        expect(result.closedList).toHaveLength(3)
        expect(
          result.closedList.every((v) => v.voteState === "vote_closed" && v.answer === "" && !v.eligible),
        ).toBe(true)
        expect(result.closedList.map((v) => v.results?.outcome).sort()).toEqual(["No", "Not Decided", "Yes"])
      }),
  )

  it.effect("members see open and closed votes, admins every vote with its quiz answers", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const gov = yield* GovernanceService
          yield* createVote({ quiz })
          yield* createVote({ opensAt: T0 + DAY, closesAt: T0 + 2 * DAY })
          return {
            open: yield* gov.listVotes(asOwner, "open"),
            all: yield* gov.allVotes(asAdmin),
            refused: yield* Effect.flip(gov.allVotes(asOwner)),
          }
        }),
      )
      expect(result.open).toHaveLength(1)
      expect(JSON.stringify(result.open)).not.toContain("rightOptionId")
      expect(result.all).toHaveLength(2)
      expect(result.all.some((v) => v.quiz[0]?.rightOptionId === "no")).toBe(true)
      expect(result.refused._tag).toBe("Forbidden")
    }),
  )

  it.effect("vote counts: each member is counted at most once, whatever ballots are attempted", () =>
    Effect.gen(function* () {
      const voters = ["m1", "m2", "m3", "m4", "m5"].map((id) => MemberId.make(id))
      const units = Object.fromEntries(voters.map((m, i) => [m, i % 4]))
      yield* checkProperty(
        [
          fc.array(fc.tuple(fc.constantFrom(...voters), fc.constantFrom("y" as const, "n" as const)), {
            maxLength: 30,
          }),
        ],
        (attempts) =>
          fresh(
            Effect.gen(function* () {
              const gov = yield* GovernanceService
              const vote = yield* createVote()
              const firstBallot = new Map<string, "y" | "n">()
              for (const [memberId, answer] of attempts) {
                const outcome = yield* Effect.result(
                  gov.castBallot(memberActor(memberId), vote.voteId, answer),
                )
                const eligible = (units[memberId] ?? 0) >= 1
                expect(outcome._tag === "Success").toBe(eligible && !firstBallot.has(memberId))
                if (outcome._tag === "Success") firstBallot.set(memberId, answer)
              }
              const results = yield* gov.results(asAdmin, vote.voteId)
              const yes = [...firstBallot.values()].filter((a) => a === "y").length
              expect(results.yes).toBe(yes)
              expect(results.no).toBe(firstBallot.size - yes)
              expect(results.yes + results.no).toBeLessThanOrEqual(new Set(attempts.map(([m]) => m)).size)
            }),
            units,
          ),
        { numRuns: 200 },
      )
    }),
  )
})
