/**
 * Votes (with their quiz), ballots (one per member per vote: the primary key), quiz attempts; community
 * questions, agent applications and agents; ideas and their upvotes (one per member per idea).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE votes (vote_id text PRIMARY KEY, opens_at bigint NOT NULL, record jsonb NOT NULL)`
  yield* sql`
    CREATE TABLE ballots (
      vote_id text NOT NULL, member_id text NOT NULL, answer text NOT NULL CHECK (answer IN ('y', 'n')),
      record jsonb NOT NULL, PRIMARY KEY (vote_id, member_id)
    )`
  yield* sql`
    CREATE TABLE quiz_attempts (
      vote_id text NOT NULL, member_id text NOT NULL, record jsonb NOT NULL, PRIMARY KEY (vote_id, member_id)
    )`
  yield* sql`
    CREATE TABLE community_questions (
      question_id text PRIMARY KEY, seq bigserial, created_at bigint NOT NULL, record jsonb NOT NULL
    )`
  yield* sql`
    CREATE TABLE agent_applications (
      application_id text PRIMARY KEY, member_id text NOT NULL, status text NOT NULL,
      submitted_at bigint NOT NULL, seq bigserial, record jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX agent_applications_status ON agent_applications (status, submitted_at)`
  yield* sql`CREATE TABLE community_agents (member_id text PRIMARY KEY, since bigint NOT NULL)`
  yield* sql`
    CREATE TABLE ideas (idea_id text PRIMARY KEY, seq bigserial, created_at bigint NOT NULL, record jsonb NOT NULL)`
  yield* sql`
    CREATE TABLE idea_upvotes (
      idea_id text NOT NULL, member_id text NOT NULL, at bigint NOT NULL, seq bigserial,
      PRIMARY KEY (idea_id, member_id)
    )`
})
