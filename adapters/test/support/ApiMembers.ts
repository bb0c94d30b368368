/**
 * Members for HTTP tests against a TestServer seeded with the demo: the demo member signed in, or a new
 * member registered, confirmed (the token read from the mail outbox, as the email carries it) and signed in.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { expect } from "vitest"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/demo/DemoSeed.ts"
import { makeClient } from "./TestServer.ts"

export interface ServerWithDatabase {
  readonly baseUrl: () => string
  readonly run: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<A>
}

export const apiMembers = (server: ServerWithDatabase) => {
  const tokenFor = (to: string, template: string) =>
    server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ token: string }>`
          SELECT data->>'token' AS token FROM mail_outbox WHERE to_address = ${to} AND template = ${template}
          ORDER BY id DESC LIMIT 1`
        return rows[0]?.token ?? ""
      }),
    )

  const anonymous = async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    return client
  }

  const signedIn = async (email = DEMO_EMAIL, password = DEMO_PASSWORD) => {
    const client = await anonymous()
    expect((await client.post("/api/auth/login", { email, password })).status).toBe(200)
    return client
  }

  const newMember = async (email: string, password = "secret9") => {
    const client = await anonymous()
    const registered = await client.post("/api/user/register", {
      email,
      firstName: "New",
      lastName: "Member",
      password,
      userType: "USER",
      termsAccepted: true,
    })
    expect(registered.status).toBe(200)
    await client.get(`/api/auth/confirmation/${await tokenFor(email, "confirm-email")}`)
    expect((await client.post("/api/auth/login", { email, password })).status).toBe(200)
    return client
  }

  return { anonymous, signedIn, newMember, tokenFor }
}
