/**
 * The order engine, observed (docs/operations.md, "Metrics" and "Tracing"): core's OrderService with every
 * command wrapped, so the API, the webhooks, the jobs and the admin socket that call it are all counted.
 *
 * - a span per command, `OrderService.<command>`, under the request's (or the job's);
 * - `landunits_order_commands_total{command, outcome}`: outcome `ok`, or the name of the error it ended with
 *   (`UnitsUnavailable`, `KycNotVerified`, `IdempotencyKeyReused`, …), `defect` for a bug or a dead
 *   dependency, `interrupted`;
 * - `landunits_order_command_duration_seconds{command}`;
 * - `landunits_order_lock_wait_seconds{command}`: the time the command waited for its unit types' order-command
 *   locks, measured where the PostgreSQL adapter takes them (UnitOfWorkPg.ts, BuyJournalPg.ts) and labelled
 *   with the command running (`CurrentOrderCommand`). New buys take their lock a batch at a time, in the statement
 *   that also reads the batch's totals and keys (BuyJournalPg.ts), labelled `createBuy`;
 * - `landunits_buy_batch_size{unit_type}`: the buys of the unit type each batch took (core's BuyBatches,
 *   BuyBatchObserver; a batch of several unit types counts once for each).
 *
 * The reads (getOrder, transactions, …) are passed through: their SQL statements have spans of their own.
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { Cause, Context, Effect, Exit, Layer, Metric } from "effect"
import { buyBatchSize, orderCommandDuration, orderCommands, orderLockWait } from "./Metrics.ts"

/** The order commands, as `command` labels say them. */
export const ORDER_COMMANDS = [
  "createBuy",
  "updateBuyAmount",
  "startPayment",
  "successOrder",
  "cancelBuy",
  "markFundsReceived",
  "confirmPayment",
  "failPayment",
  "declinePayment",
  "expireDue",
  "createSell",
  "cancelSellRest",
  "createTransfer",
  "createConvert",
  "unlockDue",
  "markPayoutReady",
  "markPayoutPaid",
] as const satisfies ReadonlyArray<keyof OrderService["Service"]>

/** The order command running, for the lock wait's label; `undefined` outside one. */
export const CurrentOrderCommand = Context.Reference<string | undefined>(
  "@landunits/adapters/observability/CurrentOrderCommand",
  { defaultValue: () => undefined },
)

/** `ok`, the error's tag, `defect` or `interrupted`. */
export const outcomeOf = (exit: Exit.Exit<unknown, unknown>): string => {
  if (Exit.isSuccess(exit)) return "ok"
  const error = Cause.findErrorOption(exit.cause)
  if (error._tag === "Some") {
    const tag = (error.value as { readonly _tag?: unknown })?._tag
    return typeof tag === "string" ? tag : "error"
  }
  return Cause.hasInterruptsOnly(exit.cause) ? "interrupted" : "defect"
}

/** Runs `effect` (which takes order-command locks) and records its time as the running command's lock wait. */
export const recordLockWait = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    const started = performance.now()
    return Effect.tap(effect, () =>
      Effect.flatMap(Effect.service(CurrentOrderCommand), (command) =>
        Metric.update(orderLockWait({ command: command ?? "other" }), (performance.now() - started) / 1000),
      ),
    )
  })

const observed =
  (command: string) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.suspend(() => {
      const started = performance.now()
      return effect.pipe(
        Effect.provideService(CurrentOrderCommand, command),
        Effect.onExit((exit) =>
          Effect.all(
            [
              Metric.update(orderCommands({ command, outcome: outcomeOf(exit) }), 1),
              Metric.update(orderCommandDuration({ command }), (performance.now() - started) / 1000),
            ],
            { discard: true },
          ),
        ),
        Effect.withSpan(`OrderService.${command}`, { attributes: { "order.command": command } }),
      )
    })

/** Each batch of buys counted in `landunits_buy_batch_size` (give it to the engine as its BuyBatchObserver). */
export const observeBuyBatch = (sizes: ReadonlyMap<UnitType, number>) =>
  Effect.forEach(sizes, ([unitType, size]) => Metric.update(buyBatchSize({ unit_type: unitType }), size), {
    discard: true,
  })

/** OrderService with its commands observed (see above). */
export const observeOrderService = (service: OrderService["Service"]): OrderService["Service"] => {
  const wrapped: Record<string, unknown> = { ...service }
  for (const command of ORDER_COMMANDS) {
    const run = service[command] as (request: unknown) => Effect.Effect<unknown, unknown>
    wrapped[command] = (request: unknown) => observed(command)(run(request))
  }
  return wrapped as unknown as OrderService["Service"]
}

/** Core's OrderService, observed: given where the app composes it (AppLayer.ts). */
export const OrderServiceObserved = Layer.effect(OrderService)(
  Effect.map(Effect.service(OrderService), observeOrderService),
).pipe(Layer.provide(OrderService.layer))
