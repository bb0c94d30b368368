/**
 * New buys committed together (issue 41, decisions 0071, 0076). Every buy of a unit type checks its capacity and
 * moves its issuance balance under the unit type's lock, so they commit one after another, and each paid a commit's
 * fixed cost alone (the lock's hand-over, the round trips, the WAL flush). Here the buys that arrive while a batch
 * commits wait for the next batch, which takes them all (up to `maxBuys`): by default the buys of one unit type, each
 * unit type's batches committing beside the others'; with `acrossUnitTypes` (a database that runs one transaction at
 * a time) the buys of every unit type, a part per unit type.
 *
 * - one transaction takes each part's lock once, in `lockOrder`, and reads its totals and keys, then core judges each
 *   part's buys in arrival order (`OrderLimits.judgeBuy`) on totals that include its earlier accepted buys; the
 *   accepted ones are written and committed once (`BuyJournal.recordBatch`: one statement for every part);
 * - each buy keeps its own answer: a refused buy (its limit's message, unchanged) fails alone; a key already saved
 *   answers its first result, and a key repeated within the batch the result of its first buy there;
 * - no buy is answered before its batch's COMMIT, so a crash loses no acknowledged buy and leaves no half batch;
 * - a batch that fails as a whole on what one buy carries (a key saved meanwhile under another lock, a transfer the
 *   ledger refuses) is run again a unit type at a time and one buy at a time, so that buy alone fails; a defect fails
 *   every buy of the batch.
 *
 * Each engine (each app process) batches its own arrivals; the locks order the batches of every process. A buy waits
 * at most for the batch in flight and `maxWaitMs` (0 by default: a buy that finds no batch in flight starts one at
 * once, and those arriving meanwhile form the next).
 */

import { Cause, Context, Deferred, Effect, Exit, Layer, Option, Result, Scope, type Tracer } from "effect"
import type { InsufficientUnits, InvalidTransfer } from "../ledger/LedgerErrors.ts"
import { totalsAfter } from "../ledger/ports/LedgerStore.ts"
import type { UnitType } from "../shared/Enums.ts"
import type { OrderId } from "../shared/Ids.ts"
import { BuyBatchObserver, BuyBatchSettings } from "./BuyBatchSettings.ts"
import { type BuyAsked, BuyPricing, type BuyPricingError, type PricedBuy } from "./BuyPricing.ts"
import type { DoubleLandCapExceeded, PendingPurchaseLimitExceeded, UnitsUnavailable } from "./OrderErrors.ts"
import { type BuyTerms, OrderLimits } from "./OrderLimits.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { type BuyBatchStart, BuyJournal, type NewBuyEntry } from "./ports/BuyJournal.ts"
import type { IdempotencyRecord } from "./ports/IdempotencyStore.ts"
import { lockOrder, UnitOfWork } from "./ports/UnitOfWork.ts"

/** What became of a buy: recorded, or its key's first result found (nothing written). */
export type BuyRecorded =
  | { readonly _tag: "Recorded"; readonly order: OrderRecord }
  | { readonly _tag: "Repeated"; readonly existing: IdempotencyRecord }

/** Why a buy of a batch was refused: its own request, its limit, or the ledger's check of its transfers. */
export type BatchedBuyError =
  | BuyPricingError
  | UnitsUnavailable
  | DoubleLandCapExceeded
  | PendingPurchaseLimitExceeded
  | InsufficientUnits
  | InvalidTransfer

interface Waiter {
  readonly asked: BuyAsked
  readonly done: Deferred.Deferred<BuyRecorded, BatchedBuyError>
  /** The span of the request that placed it, if traced. */
  readonly span: Tracer.AnySpan | undefined
  /** The request's tracer: the batch's spans go where the first buy's request's go. */
  readonly tracer: Tracer.Tracer
}

/** A batch's buys of one unit type, in arrival order. */
interface Part {
  readonly unitType: UnitType
  readonly waiters: ReadonlyArray<Waiter>
}

/** Each buy's verdict inside its batch, settled once the batch has committed. */
type Verdict =
  | { readonly _tag: "Saved"; readonly record: IdempotencyRecord }
  | { readonly _tag: "Accepted"; readonly index: number }
  | { readonly _tag: "Refused"; readonly cause: Cause.Cause<BatchedBuyError> }

const keyId = (key: { readonly scope: string; readonly idempotencyKey: string }) =>
  `${key.scope}\u0000${key.idempotencyKey}`

/** The tag of the error a batch failed with, if it failed with one (not a defect, not an interruption). */
const failedWith = (cause: Cause.Cause<unknown>): string | undefined =>
  Option.getOrUndefined(
    Option.flatMap(Cause.findErrorOption(cause), (error) =>
      typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string"
        ? Option.some(error._tag)
        : Option.none(),
    ),
  )

/** What a batch can fail with on account of one of its buys: then it runs again one buy at a time. */
const ONE_BUYS_FAILURES = new Set(["IdempotencyKeyTaken", "InsufficientUnits", "InvalidTransfer"])

export const makeBuyBatches = Effect.gen(function* () {
  const uow = yield* UnitOfWork
  const journal = yield* BuyJournal
  const { buyTerms, judgeBuy } = yield* OrderLimits
  const { priceBuys } = yield* BuyPricing
  const bounds = yield* BuyBatchSettings
  const observe = yield* BuyBatchObserver
  const scope = yield* Scope.Scope
  const maxBuys = Math.max(1, Math.floor(bounds.maxBuys))

  /**
   * Each buy of `batch` judged in arrival order against `start` (the totals and saved keys read under the lock): a
   * saved key answers its record, a key an earlier buy of the batch was accepted under that buy's result, a buy refused
   * in pricing its refusal, and the others `judgeBuy` on the totals with the earlier accepted buys applied (`written`:
   * the orders already written in this transaction, which its reads of stored orders leave out).
   */
  const judgeBatch = Effect.fnUntraced(function* (
    batch: ReadonlyArray<Waiter>,
    priced: ReadonlyArray<Result.Result<PricedBuy, BuyPricingError>>,
    terms: BuyTerms | undefined,
    start: BuyBatchStart,
    written: ReadonlySet<OrderId>,
  ) {
    const saved = new Map(start.saved.map((record) => [keyId(record), record]))
    let totals = start.totals
    const accepted: Array<NewBuyEntry> = []
    /** Their orders, kept beside them as they are accepted (each judgement reads them: not rebuilt per buy). */
    const acceptedOrders: Array<NewBuyEntry["order"]> = []
    const acceptedByKey = new Map<string, number>()
    const verdicts: Array<Verdict> = []
    for (const [i, waiter] of batch.entries()) {
      const id = keyId(waiter.asked.key)
      const record = saved.get(id)
      if (record !== undefined) {
        verdicts.push({ _tag: "Saved", record })
        continue
      }
      const earlier = acceptedByKey.get(id)
      if (earlier !== undefined) {
        verdicts.push({ _tag: "Accepted", index: earlier })
        continue
      }
      const buy = priced[i]!
      if (Result.isFailure(buy)) {
        verdicts.push({ _tag: "Refused", cause: Cause.fail(buy.failure) })
        continue
      }
      const judged = yield* Effect.exit(judgeBuy(terms!, totals, buy.success.limits, acceptedOrders, written))
      if (Exit.isFailure(judged)) {
        verdicts.push({ _tag: "Refused", cause: judged.cause })
        continue
      }
      acceptedByKey.set(id, accepted.length)
      verdicts.push({ _tag: "Accepted", index: accepted.length })
      accepted.push(buy.success.entry)
      acceptedOrders.push(buy.success.entry.order)
      totals = totalsAfter(totals, buy.success.entry.transfers)
    }
    return { verdicts, accepted }
  })

  /** The parts of `batch`, one per unit type in `lockOrder`, each with its buys in arrival order. */
  const partsOf = (batch: ReadonlyArray<Waiter>): ReadonlyArray<Part> => {
    const byType = new Map<UnitType, Array<Waiter>>()
    for (const waiter of batch) {
      const unitType = waiter.asked.request.unitType
      const waiters = byType.get(unitType)
      if (waiters === undefined) byType.set(unitType, [waiter])
      else waiters.push(waiter)
    }
    return lockOrder(byType.keys()).map((unitType) => ({ unitType, waiters: byType.get(unitType)! }))
  }

  /** A part's buys priced and its unit type's terms read (the reads the lock does not guard, once for the part). */
  const pricePart = (part: Part) =>
    Effect.gen(function* () {
      const priced = yield* priceBuys(
        part.unitType,
        part.waiters.map((w) => w.asked),
      )
      const terms = priced.some(Result.isSuccess) ? yield* buyTerms(part.unitType) : undefined
      const keys = [...new Map(part.waiters.map((w) => [keyId(w.asked.key), w.asked.key])).values()]
      return { ...part, priced, terms, keys }
    })

  /**
   * One batch: each part priced (the parts at once), then one transaction for every part. Guessing (the default),
   * `BuyJournal.recordBatch` writes every priced buy (one per key) of every part in the statement that takes the
   * locks and reads the starts, and each part's judgement follows; `careful` (after a wrong guess), for each part in
   * the locks' order, `openBatch`, the judgement, then `recordBuys` of the accepted ones. A buy refused before its
   * lock is refused only once its key is known new: a repeat answers its first result whatever the reads say now.
   */
  const commit = (batch: ReadonlyArray<Waiter>, careful: boolean) =>
    Effect.gen(function* () {
      const parts = yield* Effect.forEach(partsOf(batch), pricePart, { concurrency: "unbounded" })
      return yield* uow.transaction(
        Effect.gen(function* () {
          const judged = new Map<UnitType, { verdicts: Array<Verdict>; accepted: Array<NewBuyEntry> }>()
          const judgeOf =
            (part: (typeof parts)[number]) => (start: BuyBatchStart, written: ReadonlySet<OrderId>) =>
              Effect.map(judgeBatch(part.waiters, part.priced, part.terms, start, written), (result) => {
                judged.set(part.unitType, result)
                return result.accepted
              })
          let stored: ReadonlyArray<ReadonlyArray<OrderRecord>>
          if (careful) {
            const written: Array<ReadonlyArray<OrderRecord>> = []
            for (const part of parts) {
              const accepted = yield* judgeOf(part)(
                yield* journal.openBatch(part.unitType, part.keys),
                new Set(),
              )
              written.push(accepted.length === 0 ? [] : yield* journal.recordBuys(part.unitType, accepted))
            }
            stored = written
          } else {
            stored = yield* journal.recordBatch(
              parts.map((part) => {
                const guessed = new Set<string>()
                const entries = part.priced.flatMap((buy, i) => {
                  const id = keyId(part.waiters[i]!.asked.key)
                  if (Result.isFailure(buy) || guessed.has(id)) return []
                  guessed.add(id)
                  return [buy.success.entry]
                })
                return { unitType: part.unitType, entries, keys: part.keys, judge: judgeOf(part) }
              }),
            )
          }
          return parts.map((part, i) => ({
            waiters: part.waiters,
            ...judged.get(part.unitType)!,
            stored: stored[i]!,
          }))
        }),
      )
    })

  /** Answers each buy of a committed batch. A buy whose key an earlier one of the batch took answers that one's result. */
  const answer = (parts: Effect.Success<ReturnType<typeof commit>>) =>
    Effect.all(
      parts.flatMap(({ waiters, verdicts, accepted, stored }) =>
        waiters.map((waiter, i) => {
          const verdict = verdicts[i]!
          if (verdict._tag === "Refused") return Deferred.failCause(waiter.done, verdict.cause)
          if (verdict._tag === "Saved")
            return Deferred.succeed(waiter.done, { _tag: "Repeated", existing: verdict.record })
          const entry = accepted[verdict.index]!
          const order = stored[verdict.index]!
          return Deferred.succeed(
            waiter.done,
            entry.key === waiter.asked.key
              ? { _tag: "Recorded", order }
              : { _tag: "Repeated", existing: { ...entry.key, response: order } },
          )
        }),
      ),
      { discard: true },
    )

  /**
   * Commits `batch` and answers each of its buys. A batch that failed on one buy's account runs again a unit type at
   * a time, and a unit type's buys one at a time (a single buy whose key was taken meanwhile runs once more, and then
   * finds it); any other failure (a defect, a lost connection) fails every buy of the batch, none of which was
   * committed.
   */
  const settle = (batch: ReadonlyArray<Waiter>, keyRetry = true, careful = false): Effect.Effect<void> =>
    Effect.flatMap(Effect.exit(commit(batch, careful)), (exit) => {
      if (Exit.isSuccess(exit)) return answer(exit.value)
      const failure = failedWith(exit.cause)
      // The guess that every buy would be kept was wrong: nothing was committed; judged first, then written.
      if (failure === "BatchGuessedWrong" && !careful) return settle(batch, keyRetry, true)
      if (failure !== undefined && ONE_BUYS_FAILURES.has(failure)) {
        const parts = partsOf(batch)
        if (parts.length > 1)
          return Effect.forEach(parts, (part) => settle(part.waiters, true, careful), { discard: true })
        if (batch.length > 1)
          return Effect.forEach(batch, (w) => settle([w], true, careful), { discard: true })
        if (failure === "IdempotencyKeyTaken" && keyRetry) return settle(batch, false, careful)
      }
      const cause = exit.cause as Cause.Cause<BatchedBuyError>
      return Effect.forEach(batch, (w) => Deferred.failCause(w.done, cause), { discard: true })
    })

  /** A queue: the buys waiting for its next batch, in arrival order; `draining` while its batches are taken. */
  interface Queue {
    readonly waiting: Array<Waiter>
    /** Its lanes running (at most `inFlight`), and how many of them are committing a batch. */
    lanes: number
    committing: number
  }
  /** The queues: one for every unit type's buys (`acrossUnitTypes`), else one per unit type. */
  const queues = new Map<UnitType | "every", Queue>()
  const inFlight = Math.max(1, Math.floor(bounds.inFlight))

  /**
   * A lane of a queue: takes its waiting buys as batches, one after another, until none waits. In a rush (at least
   * `splitAt` buys waiting) a queue runs up to `inFlight` lanes, so that one batch is priced while another holds the
   * lock (the app's work and the database's overlap instead of taking turns): buys piling up while every lane commits
   * start another lane, and with no lane committing a lane takes half of them and the other half starts beside it
   * (a rush's clients would otherwise move in step).
   */
  const lane = (queue: Queue): Effect.Effect<void> =>
    Effect.gen(function* () {
      while (true) {
        if (bounds.maxWaitMs > 0 && queue.waiting.length < maxBuys) yield* Effect.sleep(bounds.maxWaitMs)
        const waiting = queue.waiting.length
        const split = queue.committing === 0 && inFlight > 1 && waiting >= bounds.splitAt
        const batch = queue.waiting.splice(0, Math.min(maxBuys, split ? Math.ceil(waiting / 2) : waiting))
        if (batch.length === 0) {
          // In the same step as the check: a buy arriving after it finds a lane free and starts one.
          queue.lanes -= 1
          return
        }
        queue.committing += 1
        if (queue.waiting.length > 0 && queue.lanes < inFlight) {
          queue.lanes += 1
          yield* Effect.forkIn(lane(queue), scope)
        }
        yield* observe(new Map(partsOf(batch).map((part) => [part.unitType, part.waiters.length])))
        // Its statements' spans go under the first buy's request, where its tracer sends them: that trace shows them.
        const first = batch[0]!
        yield* settle(batch).pipe(
          Effect.onInterrupt(() =>
            Effect.forEach(batch, (w) => Deferred.interrupt(w.done), { discard: true }),
          ),
          (commit) => (first.span === undefined ? commit : Effect.withParentSpan(commit, first.span)),
          Effect.withTracer(first.tracer),
          Effect.ensuring(
            Effect.sync(() => {
              queue.committing -= 1
            }),
          ),
        )
      }
    }).pipe(
      // Interrupted (the engine closing): no waiting buy is left without an answer, and none of them was committed.
      Effect.onInterrupt(() =>
        Effect.suspend(() => {
          queue.lanes = 0
          return Effect.forEach(queue.waiting.splice(0), (w) => Deferred.interrupt(w.done), { discard: true })
        }),
      ),
    )

  /** Records a new buy with the next batch of its queue; answers once that batch has committed. */
  const record = (asked: BuyAsked): Effect.Effect<BuyRecorded, BatchedBuyError> =>
    Effect.gen(function* () {
      const done = yield* Deferred.make<BuyRecorded, BatchedBuyError>()
      const name = bounds.acrossUnitTypes ? "every" : asked.request.unitType
      let queue = queues.get(name)
      if (queue === undefined) {
        queue = { waiting: [], lanes: 0, committing: 0 }
        queues.set(name, queue)
      }
      const span = Option.getOrUndefined(yield* Effect.option(Effect.currentParentSpan))
      queue.waiting.push({ asked, done, span, tracer: yield* Effect.tracer })
      // A second batch in flight only in a rush: a few buys wait for the batch committing (over HTTP, where the app's
      // CPU is the bound, more and smaller batches only cost more: docs/benchmarks.md, "Buys in batches").
      const rush = queue.waiting.length >= bounds.splitAt
      if (queue.lanes === 0 || (queue.lanes < inFlight && queue.committing === queue.lanes && rush)) {
        queue.lanes += 1
        yield* Effect.forkIn(lane(queue), scope)
      }
      return yield* Deferred.await(done)
    })

  return { record }
})

/** The BuyBatches service, made by `makeBuyBatches`: one per engine, its batches' fibers in the engine's scope. */
export class BuyBatches extends Context.Service<BuyBatches, Effect.Success<typeof makeBuyBatches>>()(
  "@landunits/core/orders/BuyBatches",
) {
  static readonly layer = Layer.effect(BuyBatches)(makeBuyBatches)
}
