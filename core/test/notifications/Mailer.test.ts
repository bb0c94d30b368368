import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Email } from "../../src/notifications/NotificationModel.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { mailerContract } from "../support/MailerContract.ts"

mailerContract("memory", () => Mailer.layerMemory)

describe("emails", () => {
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
