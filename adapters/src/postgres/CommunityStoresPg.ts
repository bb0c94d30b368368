/**
 * The community's stores on PostgreSQL: questions, agent applications and agents, ideas and upvotes.
 * One upvote per member per idea is the primary key (a second is UpvoteRefused).
 */

import { UpvoteRefused } from "@landunits/core/community/CommunityErrors.ts"
import type { AgentApplication, Idea, Question } from "@landunits/core/community/CommunityModel.ts"
import { AgentStore } from "@landunits/core/community/ports/AgentStore.ts"
import { IdeaStore } from "@landunits/core/community/ports/IdeaStore.ts"
import { QuestionStore } from "@landunits/core/community/ports/QuestionStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

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

export const AgentStorePg = Layer.effect(AgentStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return AgentStore.of({
      saveApplication: (application) =>
        sql`
          INSERT INTO agent_applications (application_id, member_id, status, submitted_at, record)
          VALUES (${application.applicationId}, ${application.memberId}, ${application.status},
                  ${application.submittedAt}, ${JSON.stringify(application)}::jsonb)
          ON CONFLICT (application_id) DO UPDATE SET status = EXCLUDED.status, record = EXCLUDED.record`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      getApplication: (applicationId) =>
        sql<{ record: AgentApplication }>`
          SELECT record FROM agent_applications WHERE application_id = ${applicationId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
      listApplications: (filter) => {
        const clauses = [
          ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`]),
          ...(filter.memberId === undefined ? [] : [sql`member_id = ${filter.memberId}`]),
        ]
        return sql<{ record: AgentApplication }>`
          SELECT record FROM agent_applications WHERE ${clauses.length === 0 ? sql`true` : sql.and(clauses)}
          ORDER BY submitted_at, seq`.pipe(
          Effect.map((rows) => rows.map((r) => r.record)),
          Effect.orDie,
        )
      },
      addAgent: (memberId, since) =>
        sql`INSERT INTO community_agents (member_id, since) VALUES (${memberId}, ${since}) ON CONFLICT DO NOTHING`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      isAgent: (memberId) =>
        sql`SELECT 1 FROM community_agents WHERE member_id = ${memberId}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
    })
  }),
)

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
