/** VoteStore on PostgreSQL: one ballot per member per vote is the primary key (a second is AlreadyVoted). */

import { AlreadyVoted } from "@landunits/core/governance/GovernanceErrors.ts"
import type { Ballot, QuizAttempt, Vote } from "@landunits/core/governance/GovernanceModel.ts"
import { VoteStore } from "@landunits/core/governance/ports/VoteStore.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

export const VoteStorePg = Layer.effect(VoteStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return VoteStore.of({
      saveVote: (vote) =>
        sql`
          INSERT INTO votes (vote_id, opens_at, record) VALUES (${vote.voteId}, ${vote.opensAt}, ${JSON.stringify(vote)}::jsonb)
          ON CONFLICT (vote_id) DO UPDATE SET opens_at = EXCLUDED.opens_at, record = EXCLUDED.record`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      getVote: (voteId) =>
        sql<{ record: Vote }>`SELECT record FROM votes WHERE vote_id = ${voteId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
      listVotes: sql<{ record: Vote }>`SELECT record FROM votes ORDER BY opens_at DESC, vote_id`.pipe(
        Effect.map((rows) => rows.map((r) => r.record)),
        Effect.orDie,
      ),
      castBallot: (ballot) =>
        sql`
          INSERT INTO ballots (vote_id, member_id, answer, record)
          VALUES (${ballot.voteId}, ${ballot.memberId}, ${ballot.answer}, ${JSON.stringify(ballot)}::jsonb)`.pipe(
          Effect.asVoid,
          Effect.catchTag("SqlError", (error) =>
            isUniqueViolation(error)
              ? Effect.fail(new AlreadyVoted({ message: "You have already voted on this vote" }))
              : Effect.die(error),
          ),
        ),
      ballotOf: (voteId, memberId) =>
        sql<{
          record: Ballot
        }>`SELECT record FROM ballots WHERE vote_id = ${voteId} AND member_id = ${memberId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
      tally: (voteId) =>
        sql<{ yes: string; no: string }>`
          SELECT count(*) FILTER (WHERE answer = 'y') AS yes, count(*) FILTER (WHERE answer = 'n') AS no
          FROM ballots WHERE vote_id = ${voteId}`.pipe(
          Effect.map((rows) => ({ yes: Number(rows[0]?.yes ?? 0), no: Number(rows[0]?.no ?? 0) })),
          Effect.orDie,
        ),
      saveQuizAttempt: (attempt) =>
        sql`
          INSERT INTO quiz_attempts (vote_id, member_id, record)
          VALUES (${attempt.voteId}, ${attempt.memberId}, ${JSON.stringify(attempt)}::jsonb)
          ON CONFLICT (vote_id, member_id) DO UPDATE SET record = EXCLUDED.record`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      quizAttemptOf: (voteId, memberId) =>
        sql<{ record: QuizAttempt }>`
          SELECT record FROM quiz_attempts WHERE vote_id = ${voteId} AND member_id = ${memberId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
    })
  }),
)
