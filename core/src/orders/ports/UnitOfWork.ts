import { Context, Effect, Layer, Semaphore } from "effect"

/**
 * Port: runs one command as one unit of work. The PostgreSQL adapter wraps it in one transaction (with the
 * row locks the command takes), so a failed command writes nothing. In memory it serializes commands with
 * a semaphore; the services do every check before their first write, so a refused command writes nothing
 * there either (the model-based tests check it after every refused command).
 */
export class UnitOfWork extends Context.Service<
  UnitOfWork,
  {
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  }
>()("@landunits/core/orders/ports/UnitOfWork") {
  static readonly layerMemory = Layer.effect(UnitOfWork)(
    Effect.gen(function* () {
      const semaphore = yield* Semaphore.make(1)
      return UnitOfWork.of({ transaction: (effect) => semaphore.withPermit(effect) })
    }),
  )
}
