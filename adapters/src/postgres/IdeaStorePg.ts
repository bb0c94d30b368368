/**
 * IdeaStore on PostgreSQL: ideas and upvotes. One upvote per member per idea is the primary key (a second is
 * UpvoteRefused).
 */
import { UpvoteRefused } from "@landunits/core/community/CommunityErrors.ts"
import type { Idea } from "@landunits/core/community/CommunityModel.ts"
import { IdeaStore } from "@landunits/core/community/ports/IdeaStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

export const IdeaStorePg = Layer.effect(IdeaStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return IdeaStore.of({
      save: (idea) =>
        sql`
          INSERT INTO ideas (idea_id, created_at, record) VALUES (${idea.ideaId}, ${idea.createdAt}, ${JSON.stringify(idea)}::jsonb)
          ON CONFLICT (idea_id) DO UPDATE SET record = EXCLUDED.record`.pipe(Effect.asVoid, Effect.orDie),
      get: (ideaId) =>
        sql<{ record: Idea }>`SELECT record FROM ideas WHERE idea_id = ${ideaId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
      list: sql<{ record: Idea }>`SELECT record FROM ideas ORDER BY created_at DESC, seq DESC`.pipe(
        Effect.map((rows) => rows.map((r) => r.record)),
        Effect.orDie,
      ),
      addUpvote: (ideaId, memberId, at) =>
        sql`INSERT INTO idea_upvotes (idea_id, member_id, at) VALUES (${ideaId}, ${memberId}, ${at})`.pipe(
          Effect.asVoid,
          Effect.catchTag("SqlError", (error) =>
            isUniqueViolation(error)
              ? Effect.fail(new UpvoteRefused({ message: "You have already upvoted this idea" }))
              : Effect.die(error),
          ),
        ),
      upvoters: (ideaId) =>
        sql<{
          member_id: string
        }>`SELECT member_id FROM idea_upvotes WHERE idea_id = ${ideaId} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map((r) => MemberId.make(r.member_id))),
          Effect.orDie,
        ),
    })
  }),
)
