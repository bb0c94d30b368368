/**
 * No slow I/O while a transaction is open (docs/architecture.md, "Rules of the hexagon"). A port
 * that leaves the process, a payment provider or a mail server, may take seconds to answer; called inside a
 * transaction, it would hold the transaction's locks (a unit type's order lock: every buy of that unit type, in
 * every app process) for that long, and a rollback after its answer would leave the provider and the order out
 * of step. So such a port is built guarded: each of its `SLOW_PORT_METHODS` first checks `InTransaction` and, when
 * a transaction is open, dies with `CalledInsideTransaction` (a bug, never a member's error) instead of calling out.
 *
 * The rule is declared once, here, as a table of every port that leaves the process and the methods that do; the
 * composition roots build those ports with `guardedLayer`, and a test walks the table against the app's own
 * composition (adapters/test/app/OutsideTransaction.test.ts).
 */
import { type Context, Data, Effect, Layer } from "effect"
import { InTransaction } from "./ports/UnitOfWork.ts"

/** A call that leaves the process, made while a transaction was open: a defect. */
export class CalledInsideTransaction extends Data.TaggedError("CalledInsideTransaction")<{
  readonly port: string
  readonly method: string
}> {
  override get message() {
    return `${this.port}.${this.method} was called inside a database transaction: call it before or after the unit of work, never inside it`
  }
}

/**
 * The ports that leave the process, by their service key, and the methods of each that do (a provider's API, a
 * mail server). A method not listed stays in the process (an offer list read from settings, a database read).
 */
export const SLOW_PORT_METHODS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "@landunits/core/orders/ports/StripeGateway": ["createPayment", "cancelPayment"],
  "@landunits/core/orders/ports/SquareGateway": ["createPayment", "cancelPayment"],
  "@landunits/core/orders/ports/CryptoPayments": ["requestPayment"],
  "@landunits/adapters/email/MailTransport": ["send"],
}

const refuseInside = <A, E, R>(port: string, method: string, effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.service(InTransaction), (inside) =>
    inside ? Effect.die(new CalledInsideTransaction({ port, method })) : effect,
  )

/** `service` with each of `methods` refusing to run inside a transaction. */
export const outsideTransaction = <S extends object>(
  port: string,
  service: S,
  methods: ReadonlyArray<string>,
): S => {
  const guarded: Record<string, unknown> = { ...(service as Record<string, unknown>) }
  for (const method of methods) {
    const original = (service as Record<string, unknown>)[method]
    if (typeof original === "function") {
      guarded[method] = (...args: ReadonlyArray<unknown>) =>
        refuseInside(port, method, original.apply(service, args) as Effect.Effect<unknown, unknown, unknown>)
    } else if (Effect.isEffect(original)) {
      guarded[method] = refuseInside(port, method, original)
    } else {
      throw new Error(`${port} has no method ${method} to guard (OutsideTransaction.ts's table names it)`)
    }
  }
  return guarded as S
}

/**
 * `layer`'s service, guarded as the table says for its key. A port the table does not name is a bug in the
 * composition root: it dies at build time rather than run unguarded.
 */
export const guardedLayer = <I, S extends object, E, R>(
  tag: Context.Service<I, S>,
  layer: Layer.Layer<I, E, R>,
): Layer.Layer<I, E, R> => {
  const methods = SLOW_PORT_METHODS[tag.key]
  if (methods === undefined) throw new Error(`${tag.key} is not in OutsideTransaction.ts's table`)
  return Layer.effect(tag)(
    Effect.map(Effect.service(tag), (service) => outsideTransaction(tag.key, service, methods)),
  ).pipe(Layer.provide(layer))
}
