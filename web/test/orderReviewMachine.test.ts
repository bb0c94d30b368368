/** The review step of Sell and Convert (issue 27): nothing is sent before "Confirm"; Back edits; a refusal returns to the review. */
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { orderReviewMachine } from "../src/machines/orderReviewMachine.ts"

const run = (send: (request: unknown) => Promise<unknown>) => {
  const sent: Array<unknown> = []
  const actor = createActor(
    orderReviewMachine.provide({
      actors: {
        send: fromPromise(async ({ input }) => {
          sent.push(input)
          return send(input)
        }),
      },
    }),
  ).start()
  return { actor, sent }
}

describe("order review machine", () => {
  it("reviewing sends nothing; Back returns to editing; only Confirm sends the reviewed request", async () => {
    const { actor, sent } = run(async () => ({ orderId: "ord_1" }))
    actor.send({ type: "order.review", request: { units: 20 } })
    expect(actor.getSnapshot().value).toBe("reviewing")
    actor.send({ type: "order.back" })
    expect(actor.getSnapshot().value).toBe("editing")
    actor.send({ type: "order.confirm" })
    expect(actor.getSnapshot().value).toBe("editing")
    expect(sent).toEqual([])
    actor.send({ type: "order.review", request: { units: 30 } })
    actor.send({ type: "order.confirm" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(sent).toEqual([{ units: 30 }])
    expect(actor.getSnapshot().context.result).toEqual({ orderId: "ord_1" })
  })

  it("a new request while reviewing (a suggestion taken) replaces the reviewed one; still nothing is sent", async () => {
    const { actor, sent } = run(async () => ({ orderId: "ord_3" }))
    actor.send({ type: "order.review", request: { units: 20 } })
    actor.send({ type: "order.review", request: { units: 15 } })
    expect(actor.getSnapshot().value).toBe("reviewing")
    expect(sent).toEqual([])
    actor.send({ type: "order.confirm" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(sent).toEqual([{ units: 15 }])
  })

  it("a refusal returns to the review with the server's message, cleared when the member confirms again", async () => {
    let calls = 0
    const { actor, sent } = run(async () => {
      if (calls++ === 0) throw new Error("Server busy")
      return { orderId: "ord_2" }
    })
    actor.send({ type: "order.review", request: { units: 20 } })
    actor.send({ type: "order.confirm" })
    await waitFor(actor, (s) => s.matches("reviewing") && s.context.serverError !== null)
    expect(actor.getSnapshot().context.serverError).toBe("Server busy")
    actor.send({ type: "order.confirm" })
    expect(actor.getSnapshot().context.serverError).toBeNull()
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(sent).toEqual([{ units: 20 }, { units: 20 }])
  })
})
