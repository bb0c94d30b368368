/**
 * One OS process of the concurrency and crash tests: `clients` concurrent clients, each running `ops`
 * random order commands (buys of 1 to 20 Units, payment confirmations, cancels, sells, transfers, and
 * replays of an earlier key) against the database at `url`. Every answer is written to stdout as one JSON
 * line, synchronously, right after the command returned: a line is the acknowledgement the crash test
 * holds the database to.
 *
 *   node LoadWorker.ts <url> <worker> <clients> <ops> <seed>
 */
import * as fs from "node:fs"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { byAdmin } from "@landunits/core/orders/OrderTimeline.ts"
import { IdempotencyKey, MemberId, type OrderId } from "@landunits/core/shared/Ids.ts"
import { Cause, Effect, Exit, Layer } from "effect"
import { LOAD_UNIT_TYPE, loadEngine, loadMembers } from "./LoadSetup.ts"

export interface LoadLine {
  readonly worker: number
  readonly client: number
  readonly op: "buy" | "confirm" | "cancel" | "sell" | "transfer" | "replay"
  readonly key: string
  readonly outcome: "accepted" | "refused" | "defect"
  readonly orderId?: string
  readonly units?: number
  readonly detail?: string
}

const [url, workerArg, clientsArg, opsArg, seedArg] = process.argv.slice(2)
if (url === undefined || seedArg === undefined) {
  throw new Error("usage: LoadWorker.ts <url> <worker> <clients> <ops> <seed>")
}
const worker = Number(workerArg)
const clients = Number(clientsArg)
const ops = Number(opsArg)

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
const random = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const acknowledge = (line: LoadLine) => fs.writeSync(1, `${JSON.stringify(line)}\n`)

const members = loadMembers()
/** The admin the load's confirmations name in the orders' timelines. */
const LOAD_ADMIN = byAdmin({
  adminId: MemberId.make("mem_load_admin"),
  name: "Load Admin",
  email: "load@x.example",
})

const client = (index: number) =>
  Effect.gen(function* () {
    const orders = yield* OrderService
    const next = random(Number(seedArg) * 1_000_003 + worker * 1_009 + index)
    const pick = <A>(list: ReadonlyArray<A>): A => list[Math.floor(next() * list.length)]!
    const member: MemberId = pick(members)
    const myBuys: Array<OrderId> = []
    const history: Array<{ readonly op: LoadLine["op"]; readonly run: Effect.Effect<unknown, unknown> }> = []
    for (let n = 0; n < ops; n++) {
      const key = IdempotencyKey.make(`w${worker}-c${index}-${n}`)
      const roll = next()
      let op: LoadLine["op"]
      let command: Effect.Effect<{ readonly orderId?: string; readonly units?: number }, unknown>
      if (roll < 0.4 || myBuys.length === 0) {
        op = "buy"
        const numberOfUnits = 1 + Math.floor(next() * 20)
        command = orders
          .createBuy({
            confirmsBusinessPurpose: true,
            memberId: member,
            idempotencyKey: key,
            unitType: LOAD_UNIT_TYPE,
            numberOfUnits,
            paymentMethod: "bank",
            isDoubleLand: false,
          })
          .pipe(Effect.map((o) => ({ orderId: o.orderId, units: numberOfUnits })))
      } else if (roll < 0.6) {
        op = "confirm"
        const orderId = pick(myBuys)
        command = orders
          .confirmPayment({ idempotencyKey: key, orderId, actor: LOAD_ADMIN })
          .pipe(Effect.map(() => ({ orderId })))
      } else if (roll < 0.7) {
        op = "cancel"
        const orderId = pick(myBuys)
        command = orders
          .cancelBuy({ memberId: member, idempotencyKey: key, orderId })
          .pipe(Effect.map(() => ({ orderId })))
      } else if (roll < 0.8) {
        op = "sell"
        const numberOfUnits = 11 + Math.floor(next() * 20)
        command = orders
          .createSell({
            memberId: member,
            idempotencyKey: key,
            unitType: LOAD_UNIT_TYPE,
            numberOfUnits,
            isDoubleLand: false,
          })
          .pipe(Effect.map((o) => ({ orderId: o.orderId, units: numberOfUnits })))
      } else if (roll < 0.93 || history.length === 0) {
        op = "transfer"
        const numberOfUnits = 1 + Math.floor(next() * 5)
        const recipient = pick(members.filter((m) => m !== member))
        command = orders
          .createTransfer({
            memberId: member,
            idempotencyKey: key,
            unitType: LOAD_UNIT_TYPE,
            numberOfUnits,
            recipientEmail: `${recipient}@example.com`,
          })
          .pipe(Effect.map((o) => ({ orderId: o.orderId, units: numberOfUnits })))
      } else {
        op = "replay"
        command = pick(history).run.pipe(Effect.map(() => ({})))
      }
      const exit = yield* Effect.exit(command)
      const base = { worker, client: index, op, key }
      if (Exit.isSuccess(exit)) {
        acknowledge({ ...base, outcome: "accepted", ...exit.value })
        if (op === "buy" && exit.value.orderId !== undefined) myBuys.push(exit.value.orderId as OrderId)
        if (op !== "replay") history.push({ op, run: command })
      } else {
        const failure = Cause.findErrorOption(exit.cause)
        acknowledge(
          failure._tag === "Some"
            ? { ...base, outcome: "refused", detail: String((failure.value as { _tag?: string })._tag) }
            : { ...base, outcome: "defect", detail: Cause.pretty(exit.cause).slice(0, 2000) },
        )
      }
    }
  })

const program = Effect.forEach(
  Array.from({ length: clients }, (_, i) => i),
  client,
  { concurrency: "unbounded", discard: true },
)

await Effect.runPromise(program.pipe(Effect.provide(Layer.fresh(loadEngine(url, 16)))))
