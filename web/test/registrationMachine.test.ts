import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../src/api/client.ts"
import { registrationMachine } from "../src/machines/registrationMachine.ts"

const payload = {
  email: "ada@landunits.example",
  firstName: "Ada",
  lastName: "",
  password: "abc123",
  userType: "USER" as const,
  termsAccepted: true as const,
  termsVersion: "10.03.25",
}

const start = (register: () => Promise<{ message: string }>) => {
  const calls: Array<string> = []
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        register: fromPromise(async () => register()),
        sendConfirmation: fromPromise(async ({ input }: { input: string }) => {
          calls.push(`resend:${input}`)
          return { message: "Sent again" }
        }),
        cancelRegistration: fromPromise(async ({ input }: { input: string }) => {
          calls.push(`cancel:${input}`)
          return { message: "Cancelled" }
        }),
      },
    }),
  ).start()
  return { actor, calls }
}

describe("registration machine", () => {
  it("goes Register → Resend → Reset → Register, resending and cancelling for the registered email", async () => {
    const { actor, calls } = start(async () => ({ message: "Registration successful" }))
    actor.send({ type: "registration.submit", payload })
    await waitFor(actor, (s) => s.matches("resend"))
    expect(actor.getSnapshot().context.message).toBe("Registration successful")
    actor.send({ type: "registration.resend" })
    await waitFor(actor, (s) => s.matches("reset"))
    actor.send({ type: "registration.reset" })
    await waitFor(actor, (s) => s.matches("register"))
    expect(calls).toEqual(["resend:ada@landunits.example", "cancel:ada@landunits.example"])
    expect(actor.getSnapshot().context.email).toBeNull()
  })

  it("keeps the server's error under the form and clears it at the next submit", async () => {
    let fail = true
    const { actor } = start(async () => {
      if (fail) throw new ApiError("This email is already registered", 409)
      return { message: "ok" }
    })
    actor.send({ type: "registration.submit", payload })
    await waitFor(actor, (s) => s.matches({ register: "editing" }) && s.context.serverError !== null)
    expect(actor.getSnapshot().context.serverError).toBe("This email is already registered")
    fail = false
    actor.send({ type: "registration.submit", payload })
    expect(actor.getSnapshot().context.serverError).toBeNull()
    await waitFor(actor, (s) => s.matches("resend"))
  })
})
