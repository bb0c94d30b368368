import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Email, EmailTemplate } from "../../src/notifications/NotificationModel.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"

describe("Mailer (in memory)", () => {
  it("keeps every enqueued email, oldest first, unchanged by later edits of the caller's object", async () => {
    const queued = await Effect.runPromise(
      Effect.gen(function* () {
        const mailer = yield* Mailer
        const data: Record<string, string> = { firstName: "Alice", reason: "Blurry" }
        yield* mailer.enqueue({ to: "alice@example.com", template: EmailTemplate.kycNotApproved, data })
        data.reason = "changed"
        yield* mailer.enqueue({
          to: "bob@example.com",
          template: EmailTemplate.kycVerified,
          data: { firstName: "Bob" },
        })
        return yield* mailer.queued
      }).pipe(Effect.provide(Mailer.layerMemory)),
    )
    expect(queued).toEqual([
      {
        to: "alice@example.com",
        template: "kyc-not-approved",
        data: { firstName: "Alice", reason: "Blurry" },
      },
      { to: "bob@example.com", template: "kyc-verified", data: { firstName: "Bob" } },
    ])
  })

  it("an email names its recipient, its template and the template's data", () => {
    const decode = Schema.decodeUnknownSync(Email)
    expect(decode({ to: "a@b.c", template: "kyc-verified", data: {} })).toEqual({
      to: "a@b.c",
      template: "kyc-verified",
      data: {},
    })
    expect(() => decode({ to: "", template: "kyc-verified", data: {} })).toThrow()
    expect(() => decode({ to: "a@b.c", template: "", data: {} })).toThrow()
  })
})
