/**
 * A failed command's one line (cli/src/support/Failures.ts, issue 39): a refusal, a defect and an SQL error in
 * their own words, never a printed Cause (`Cause([Die(…)])`, `Cause([Fail(SqlError…`).
 */
import { Cause, Schema } from "effect"
import { SqlError } from "effect/sql"
import { describe, expect, it } from "vitest"
import { failureOf } from "../src/support/Failures.ts"

class DocumentUnreadable extends Schema.TaggedError<DocumentUnreadable>()("DocumentUnreadable", {
  message: Schema.String,
}) {}

describe("a failed command's words", () => {
  it("a document sealed under a key the settings lack (a wrong DOCUMENT_KEY, a defect) reads as its message", () => {
    const message =
      "Document totp of mem_ops cannot be read: it was encrypted under key 3f2a, which is neither the configured DOCUMENT_KEY 9c1b nor in DOCUMENT_KEY_PREVIOUS (not set): set the key 3f2a in DOCUMENT_KEY_PREVIOUS"
    const words = failureOf(Cause.die(new DocumentUnreadable({ message })))
    expect(words).toEqual({ tag: "DocumentUnreadable", message })
  })

  it("a database that cannot be reached reads as what the driver said and what to check", () => {
    const error = new SqlError.SqlError({
      reason: new SqlError.UnknownError({
        cause: new Error("connect ECONNREFUSED 127.0.0.1:5999"),
        message: "PgClient: Failed to connect",
        operation: "connect",
      }),
    })
    for (const cause of [Cause.fail(error), Cause.die(error)]) {
      const words = failureOf(cause)
      expect(words.tag).toBe("SqlError")
      expect(words.message).toContain("the database could not be read")
      expect(words.message).toContain("connect ECONNREFUSED 127.0.0.1:5999")
      expect(words.message).toContain("DATABASE_URL")
      expect(words.message).not.toContain("Cause(")
    }
  })

  it("a bare defect and a refusal keep their messages", () => {
    expect(failureOf(Cause.die(new Error("boom")))).toEqual({ tag: "Defect", message: "boom" })
    expect(failureOf(Cause.fail({ _tag: "AdminRefused", message: "not an admin" }))).toEqual({
      tag: "AdminRefused",
      message: "not an admin",
    })
  })
})
