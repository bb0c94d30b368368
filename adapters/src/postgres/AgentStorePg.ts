/** AgentStore on PostgreSQL: agent applications and agents. */
import type { AgentApplication } from "@landunits/core/community/CommunityModel.ts"
import { AgentStore } from "@landunits/core/community/ports/AgentStore.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

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
