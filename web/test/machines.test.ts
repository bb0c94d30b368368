/**
 * The web app's state machines, each run with `createActor(machine.provide(...))` and its requests replaced,
 * so every rule of the machine is shown without a server.
 */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { SIGNED_IN_COOKIE_NAME } from "@landunits/core/shared/Constants.ts"
import { afterEach, describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError, setFetch } from "../src/api/client.ts"
import { ALL_ALLOWED, type ConsentChoice, NECESSARY_ONLY } from "../src/lib/consentStorage.ts"
import { cookieConsentMachine } from "../src/machines/cookieConsentMachine.ts"
import { linkMachine, NO_TOKEN_MESSAGE } from "../src/machines/linkMachine.ts"
import { submissionMachine } from "../src/machines/submissionMachine.ts"
import { createSession, whenSessionKnown } from "../src/session/session.ts"
import { documentMarker, SIGNED_IN_COOKIE } from "../src/session/signedInMarker.ts"

const deferred = <A>() => {
  let resolve!: (a: A) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<A>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const member = (firstName: string): User =>
  ({
    id: `m-${firstName}`,
    email: `${firstName.toLowerCase()}@landunits.example`,
    firstName,
    lastName: "",
    userType: "USER",
    firstLogin: false,
    kycInfo: {},
    kycStatus: "UnVerified",
  }) as unknown as User

describe("submission machine (login, forgot, reset, newsletter, contact)", () => {
  const start = (send: (payload: unknown) => Promise<unknown>, repeatable = false) => {
    const payloads: Array<unknown> = []
    const actor = createActor(
      submissionMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            payloads.push(input)
            return send(input)
          }),
        },
      }),
      { input: { repeatable } },
    ).start()
    return { actor, payloads }
  }

  it("sends the form's payload, is busy while waiting, and keeps the answer once it succeeds", async () => {
    const answer = deferred<unknown>()
    const { actor, payloads } = start(() => answer.promise)
    actor.send({ type: "form.submit", payload: { email: "ada@landunits.example" } })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    answer.resolve({ message: "Sent" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(actor.getSnapshot().context.result).toEqual({ message: "Sent" })
    expect(payloads).toEqual([{ email: "ada@landunits.example" }])
  })

  it("the server's error is kept for the form, and cleared at the next submit", async () => {
    let attempt = 0
    const second = deferred<unknown>()
    const { actor } = start(() => {
      attempt += 1
      return attempt === 1 ? Promise.reject(new ApiError("Invalid email or password", 401)) : second.promise
    })
    actor.send({ type: "form.submit", payload: 1 })
    await waitFor(actor, (s) => s.matches("idle") && s.context.serverError !== null)
    expect(actor.getSnapshot().context.serverError).toBe("Invalid email or password")
    actor.send({ type: "form.submit", payload: 2 })
    expect(actor.getSnapshot().context.serverError).toBeNull()
    second.resolve({ ok: true })
    await waitFor(actor, (s) => s.matches("succeeded"))
  })

  it("a sent form is not sent again unless it is repeatable (the newsletter is)", async () => {
    const once = start(async () => ({ message: "ok" }))
    once.actor.send({ type: "form.submit", payload: "a" })
    await waitFor(once.actor, (s) => s.matches("succeeded"))
    once.actor.send({ type: "form.submit", payload: "b" })
    expect(once.actor.getSnapshot().matches("succeeded")).toBe(true)
    expect(once.payloads).toEqual(["a"])

    const again = start(async () => ({ message: "ok" }), true)
    again.actor.send({ type: "form.submit", payload: "a" })
    await waitFor(again.actor, (s) => s.matches("succeeded"))
    again.actor.send({ type: "form.submit", payload: "b" })
    await waitFor(again.actor, (s) => s.matches("succeeded") && again.payloads.length === 2)
    expect(again.payloads).toEqual(["a", "b"])
  })
})

describe("cookie consent machine", () => {
  const start = (needed: boolean, choice?: ConsentChoice) => {
    const stored: Array<ConsentChoice> = []
    const actor = createActor(
      cookieConsentMachine.provide({ actions: { store: (_, c) => void stored.push(c) } }),
      { input: { needed, choice } },
    ).start()
    return { actor, stored }
  }

  it("shows the summary when consent is needed and stays hidden otherwise", () => {
    expect(start(true).actor.getSnapshot().matches({ open: "summary" })).toBe(true)
    expect(start(false).actor.getSnapshot().matches("hidden")).toBe(true)
  })

  it("Allow all stores every category; Deny stores the necessary ones only; both hide the banner", () => {
    const all = start(true)
    all.actor.send({ type: "consent.allowAll" })
    expect(all.stored).toEqual([ALL_ALLOWED])
    expect(all.actor.getSnapshot().matches("hidden")).toBe(true)
    const deny = start(true)
    deny.actor.send({ type: "consent.necessaryOnly" })
    expect(deny.stored).toEqual([NECESSARY_ONLY])
    expect(deny.actor.getSnapshot().matches("hidden")).toBe(true)
  })

  it("Show details opens the Details tab; tabs switch; Allow selection stores exactly the categories toggled on", () => {
    const { actor, stored } = start(true)
    actor.send({ type: "consent.showDetails" })
    expect(actor.getSnapshot().matches({ open: "details" })).toBe(true)
    expect(actor.getSnapshot().context.tab).toBe("details")
    actor.send({ type: "consent.selectTab", tab: "about" })
    expect(actor.getSnapshot().context.tab).toBe("about")
    actor.send({ type: "consent.toggle", category: "statistics" })
    actor.send({ type: "consent.toggle", category: "marketing" })
    actor.send({ type: "consent.toggle", category: "marketing" })
    actor.send({ type: "consent.allowSelection" })
    expect(stored).toEqual([{ ...NECESSARY_ONLY, statistics: true }])
    expect(actor.getSnapshot().matches("hidden")).toBe(true)
  })

  it("Escape (dismiss) hides the banner without storing any choice", () => {
    const { actor, stored } = start(true)
    actor.send({ type: "consent.dismiss" })
    expect(actor.getSnapshot().matches("hidden")).toBe(true)
    expect(stored).toEqual([])
  })

  it("Cookie settings opens it again on the summary, with the stored choice", () => {
    const { actor } = start(false, { ...NECESSARY_ONLY, preferences: true })
    actor.send({ type: "consent.open" })
    expect(actor.getSnapshot().matches({ open: "summary" })).toBe(true)
    expect(actor.getSnapshot().context.choice.preferences).toBe(true)
    expect(actor.getSnapshot().context.choice.marketing).toBe(false)
  })
})

describe("session machine: the signed-in marker decides whether the user is asked for", () => {
  /** A marker held in memory: `held` says whether the browser has it; the test reads what the machine did. */
  const marker = (held: boolean) => {
    const state = { held, forgotten: 0 }
    return {
      state,
      marker: {
        present: () => state.held,
        forget: () => {
          state.held = false
          state.forgotten++
        },
      },
    }
  }
  /** A currentUser request that counts its calls. */
  const asking = (answer: () => Promise<User>) => {
    const calls = { count: 0 }
    return {
      calls,
      currentUser: () => {
        calls.count++
        return answer()
      },
    }
  }

  it("without the marker the visitor is a guest at once, and nothing is requested", async () => {
    const request = asking(async () => member("Ada"))
    const actor = createSession(request.currentUser, marker(false).marker)
    expect(actor.getSnapshot().matches("guest")).toBe(true)
    expect(await whenSessionKnown(actor)).toBeNull()
    expect(request.calls.count).toBe(0)
  })

  it("with the marker the current user is requested: an answer signs the member in", async () => {
    const request = asking(async () => member("Ada"))
    const held = marker(true)
    const actor = createSession(request.currentUser, held.marker)
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    expect((await whenSessionKnown(actor))?.firstName).toBe("Ada")
    expect(actor.getSnapshot().matches("member")).toBe(true)
    expect(request.calls.count).toBe(1)
    expect(held.state).toEqual({ held: true, forgotten: 0 })
  })

  it("with the marker, a 401 means a guest, silently, and the marker is forgotten (its session ended)", async () => {
    const held = marker(true)
    const actor = createSession(() => Promise.reject(new ApiError("Not signed in", 401)), held.marker)
    expect(await whenSessionKnown(actor)).toBeNull()
    expect(actor.getSnapshot().matches("guest")).toBe(true)
    expect(held.state).toEqual({ held: false, forgotten: 1 })
  })

  it.each([
    ["the server fails (503)", new ApiError("Service unavailable", 503)],
    ["the server cannot be reached", new ApiError("Server down", 0)],
  ])("with the marker, when %s the visitor is a guest for now and the marker is kept", async (_, error) => {
    const held = marker(true)
    const actor = createSession(() => Promise.reject(error), held.marker)
    expect(await whenSessionKnown(actor)).toBeNull()
    expect(held.state).toEqual({ held: true, forgotten: 0 })
  })

  it("login sets the user, an update replaces it, logout clears it and forgets the marker", async () => {
    const held = marker(false)
    const actor = createSession(() => Promise.reject(new Error("never asked")), held.marker)
    await whenSessionKnown(actor)
    actor.send({ type: "session.signedIn", user: member("Ada") })
    expect(actor.getSnapshot().matches("member")).toBe(true)
    actor.send({ type: "session.userUpdated", user: member("Grace") })
    expect(actor.getSnapshot().context.user?.firstName).toBe("Grace")
    actor.send({ type: "session.signedOut" })
    expect(actor.getSnapshot().matches("guest")).toBe(true)
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(held.state.forgotten).toBe(1)
  })

  it("guards wait for the start-up request before deciding", async () => {
    const answer = deferred<User>()
    const actor = createSession(() => answer.promise, marker(true).marker)
    let decided: User | null | undefined
    const known = whenSessionKnown(actor).then((u) => {
      decided = u
    })
    await Promise.resolve()
    expect(decided).toBeUndefined()
    answer.resolve(member("Ada"))
    await known
    expect(decided?.firstName).toBe("Ada")
  })
})

describe("the page's signed-in marker cookie", () => {
  afterEach(() => documentMarker().forget())
  /** The cookie as the server's Set-Cookie leaves it in the browser. */
  const serverSetsMarker = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the marker is this very cookie, as the browser keeps it
    document.cookie = `${SIGNED_IN_COOKIE_NAME}=1; Path=/; SameSite=Lax`
  }

  it("is named as the server names it (core's SIGNED_IN_COOKIE_NAME)", () => {
    expect(SIGNED_IN_COOKIE).toBe(SIGNED_IN_COOKIE_NAME)
  })

  it("is read from document.cookie and forgotten on its path", () => {
    const marker = documentMarker()
    expect(marker.present()).toBe(false)
    serverSetsMarker()
    expect(marker.present()).toBe(true)
    marker.forget()
    expect(marker.present()).toBe(false)
    expect(document.cookie).not.toContain(SIGNED_IN_COOKIE_NAME)
  })

  it("the app's session asks nothing of a guest's browser, and the user of a member's", async () => {
    const calls: Array<string> = []
    setFetch(async (url) => {
      calls.push(String(url))
      return new Response(JSON.stringify({ user: member("Ada") }), { status: 200 })
    })
    try {
      expect(await whenSessionKnown(createSession())).toBeNull()
      expect(calls).toEqual([])
      serverSetsMarker()
      expect((await whenSessionKnown(createSession()))?.firstName).toBe("Ada")
      expect(calls).toEqual(["/api/user"])
    } finally {
      setFetch((...args) => fetch(...args))
    }
  })
})

describe("emailed link machine (account and newsletter confirmation, reset link check)", () => {
  const start = (token: string, check: (token: string) => Promise<{ message: string }>) => {
    const checked: Array<string> = []
    const actor = createActor(
      linkMachine(async (t) => {
        checked.push(t)
        return check(t)
      }),
      { input: { token } },
    ).start()
    return { actor, checked }
  }

  it("a link without a token fails at once and asks for the email's link, without calling the server", () => {
    const { actor, checked } = start("  ", async () => ({ message: "never" }))
    expect(actor.getSnapshot().matches("failed")).toBe(true)
    expect(actor.getSnapshot().context.message).toBe(NO_TOKEN_MESSAGE)
    expect(checked).toEqual([])
  })

  it("a good token shows the server's confirmation; a bad one the server's error", async () => {
    const good = start("tok-1", async () => ({ message: "Your email is confirmed. You can log in now." }))
    await waitFor(good.actor, (s) => s.matches("confirmed"))
    expect(good.actor.getSnapshot().context.message).toBe("Your email is confirmed. You can log in now.")
    expect(good.checked).toEqual(["tok-1"])

    const bad = start("tok-2", () => Promise.reject(new ApiError("This link has expired", 400)))
    await waitFor(bad.actor, (s) => s.matches("failed"))
    expect(bad.actor.getSnapshot().context.message).toBe("This link has expired")
  })
})
