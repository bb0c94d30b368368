/** QuestionStore on PostgreSQL: the questions members ask. */
import type { Question } from "@landunits/core/community/CommunityModel.ts"
import { QuestionStore } from "@landunits/core/community/ports/QuestionStore.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

export const QuestionStorePg = Layer.effect(QuestionStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return QuestionStore.of({
      save: (question) =>
        sql`
          INSERT INTO community_questions (question_id, created_at, record)
          VALUES (${question.questionId}, ${question.createdAt}, ${JSON.stringify(question)}::jsonb)
          ON CONFLICT (question_id) DO UPDATE SET record = EXCLUDED.record`.pipe(Effect.asVoid, Effect.orDie),
      get: (questionId) =>
        sql<{
          record: Question
        }>`SELECT record FROM community_questions WHERE question_id = ${questionId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
      list: sql<{
        record: Question
      }>`SELECT record FROM community_questions ORDER BY created_at DESC, seq DESC`.pipe(
        Effect.map((rows) => rows.map((r) => r.record)),
        Effect.orDie,
      ),
    })
  }),
)
