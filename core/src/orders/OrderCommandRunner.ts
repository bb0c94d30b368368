/**
 * The idempotent command runner of the order commands: one unit of work per command, idempotent under its
 * (scope, key), a repeat answering the first result and a reused key refused. A service (one per engine,
 * provided inside OrderService.layer); the families that run commands require it.
 */

import { Context, Effect, Layer, Option } from "effect"
import type { IdempotencyKey, MemberId } from "../shared/Ids.ts"
import { IdempotencyKeyReused } from "./OrderErrors.ts"
import {
  type IdempotencyKeyTaken,
  type IdempotencyRecord,
  IdempotencyStore,
} from "./ports/IdempotencyStore.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"
import { requestHash } from "./RequestHash.ts"

export const makeOrderCommandRunner = Effect.gen(function* () {
  const uow = yield* UnitOfWork
  const idempotency = yield* IdempotencyStore

  /** What a command saves under its key: the key, and the hash of the command and its request. */
  const keyRecord = (scope: string, command: string, key: IdempotencyKey, request: unknown) => ({
    scope,
    idempotencyKey: key,
    requestHash: requestHash(command, request),
  })

  /** A repeat of a command under its key: its first result, or refused if the key was used for another request. */
  const replay = <A>(existing: IdempotencyRecord, record: Omit<IdempotencyRecord, "response">) =>
    existing.requestHash === record.requestHash
      ? Effect.succeed(existing.response as A)
      : Effect.fail(
          new IdempotencyKeyReused({
            message: `The idempotency key ${record.idempotencyKey} was already used for a different request`,
            idempotencyKey: record.idempotencyKey,
          }),
        )

  /**
   * Two commands with one key can both find it unused when they lock different unit types; the second to
   * save it fails with IdempotencyKeyTaken (its transaction writes nothing) and runs once more, which
   * finds the first one's result: its holder has committed by then.
   */
  const onceMoreIfKeyTaken = <A, E>(
    attempt: Effect.Effect<A, E | IdempotencyKeyTaken>,
  ): Effect.Effect<A, Exclude<E, IdempotencyKeyTaken>> =>
    attempt.pipe(
      Effect.catchTag("IdempotencyKeyTaken", () =>
        attempt.pipe(Effect.catchTag("IdempotencyKeyTaken", (taken) => Effect.die(taken))),
      ),
    ) as Effect.Effect<A, Exclude<E, IdempotencyKeyTaken>>

  /**
   * Command frame: one unit of work, idempotent under (scope, key). The key is looked up before the
   * command takes any lock: a repeat answers at once. (A new buy looks its key up with its lock instead,
   * `createBuy`.)
   *
   * `body` saves the key itself, given the record to save; `idempotent` below saves it after the body.
   */
  const idempotentSaving = <A, E>(
    scope: string,
    command: string,
    key: IdempotencyKey,
    request: unknown,
    body: (record: Omit<IdempotencyRecord, "response">) => Effect.Effect<A, E | IdempotencyKeyTaken>,
  ): Effect.Effect<A, Exclude<E, IdempotencyKeyTaken> | IdempotencyKeyReused> => {
    const record = keyRecord(scope, command, key, request)
    return onceMoreIfKeyTaken(
      uow.transaction(
        Effect.gen(function* () {
          const existing = yield* idempotency.find(scope, key)
          if (Option.isSome(existing)) return yield* replay<A>(existing.value, record)
          return yield* body(record)
        }),
      ),
    )
  }
  const idempotent = <A, E>(
    scope: string,
    command: string,
    key: IdempotencyKey,
    request: unknown,
    body: Effect.Effect<A, E>,
  ): Effect.Effect<A, Exclude<E, IdempotencyKeyTaken> | IdempotencyKeyReused> =>
    idempotentSaving(scope, command, key, request, (record) =>
      Effect.tap(body, (result) => idempotency.save({ ...record, response: result })),
    )
  const memberScope = (memberId: MemberId) => `member:${memberId}`
  /**
   * What a request's hash covers: everything but its key and who sends it. The same command line run again by
   * another admin (or an event redelivered) is the same request: it answers the first result, whose timeline
   * names whoever acted first.
   */
  const withoutKey = <R extends { readonly idempotencyKey: IdempotencyKey; readonly actor?: unknown }>({
    idempotencyKey: _,
    actor: _actor,
    ...rest
  }: R) => rest
  /** A command on `request`: idempotent under `scope` and the request's key, the rest of the request hashed. */
  const command = <A, E>(
    scope: string,
    name: string,
    request: { readonly idempotencyKey: IdempotencyKey },
    body: Effect.Effect<A, E>,
  ) => idempotent(scope, name, request.idempotencyKey, withoutKey(request), body)

  return {
    keyRecord,
    replay,
    onceMoreIfKeyTaken,
    idempotentSaving,
    idempotent,
    memberScope,
    withoutKey,
    command,
  }
})

/** The OrderCommandRunner service, made by `makeOrderCommandRunner`. */
export class OrderCommandRunner extends Context.Service<
  OrderCommandRunner,
  Effect.Success<typeof makeOrderCommandRunner>
>()("@landunits/core/orders/OrderCommandRunner") {
  static readonly layer = Layer.effect(OrderCommandRunner)(makeOrderCommandRunner)
}
