/** The contract every VoteStore adapter passes: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { VoteId } from "../../src/governance/GovernanceModel.ts"
import { VoteStore } from "../../src/governance/ports/VoteStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"

export const voteStoreContract = (name: string, makeLayer: () => Layer.Layer<VoteStore>) =>
  describe(`VoteStore contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, VoteStore>) => Effect.provide(effect, makeLayer())
    const v1 = VoteId.make("vote_1")
    const v2 = VoteId.make("vote_2")
    const ann = MemberId.make("mem_ann")
    const ben = MemberId.make("mem_ben")

    it.live("a member's second ballot on a vote fails with AlreadyVoted and the first one stands", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* VoteStore
            yield* store.castBallot({ voteId: v1, memberId: ann, answer: "y", at: 1 })
            const second = yield* Effect.flip(
              store.castBallot({ voteId: v1, memberId: ann, answer: "n", at: 2 }),
            )
            yield* store.castBallot({ voteId: v1, memberId: ben, answer: "n", at: 3 })
            yield* store.castBallot({ voteId: v2, memberId: ann, answer: "n", at: 4 })
            return {
              second,
              ballot: yield* store.ballotOf(v1, ann),
              tally: yield* store.tally(v1),
              other: yield* store.tally(v2),
            }
          }),
        )
        expect(result.second._tag).toBe("AlreadyVoted")
        expect(Option.getOrThrow(result.ballot).answer).toBe("y")
        expect(result.tally).toEqual({ yes: 1, no: 1 })
        expect(result.other).toEqual({ yes: 0, no: 1 })
      }),
    )

    it.live("keeps a member's last quiz attempt per vote, and votes newest opening first", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* VoteStore
            const vote = {
              title: "t",
              description: "d",
              closesAt: 1000,
              quiz: [],
              createdBy: ann,
              createdAt: 0,
            }
            yield* store.saveVote({ ...vote, voteId: v1, opensAt: 10 })
            yield* store.saveVote({ ...vote, voteId: v2, opensAt: 20 })
            yield* store.saveQuizAttempt({
              voteId: v1,
              memberId: ann,
              answers: { q: "a" },
              allRight: false,
              at: 1,
            })
            yield* store.saveQuizAttempt({
              voteId: v1,
              memberId: ann,
              answers: { q: "b" },
              allRight: true,
              at: 2,
            })
            return {
              attempt: yield* store.quizAttemptOf(v1, ann),
              none: yield* store.quizAttemptOf(v2, ann),
              votes: (yield* store.listVotes).map((v) => v.voteId),
            }
          }),
        )
        expect(Option.getOrThrow(result.attempt)).toMatchObject({ answers: { q: "b" }, allRight: true })
        expect(Option.isNone(result.none)).toBe(true)
        expect(result.votes).toEqual([v2, v1])
      }),
    )
  })
