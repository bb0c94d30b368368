/**
 * Each order command fails with exactly the errors its family's list names (OrderFamilyErrors.ts, issue 40): the
 * error channel TypeScript infers for each command of each family module is compared with the list, both ways, by
 * `tsc -b` (a command that may fail otherwise, or a list that names an error the command cannot produce, does not
 * compile). The runtime checks keep the lists sound: tagged classes, each once.
 */
import type { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { makeBuyCommands } from "../../src/orders/BuyCommands.ts"
import type { makeBuyPaymentCommands } from "../../src/orders/BuyPaymentCommands.ts"
import type { makeConvertCommands } from "../../src/orders/ConvertCommands.ts"
import {
  type BuyErrors,
  type BuyPaymentErrors,
  type CommandError,
  type ConvertErrors,
  type ErrorFamily,
  errorTags,
  ORDER_FAMILY_ERRORS,
  type OrderJobErrors,
  type PayoutErrors,
  type SellErrors,
  type TransferErrors,
} from "../../src/orders/OrderFamilyErrors.ts"
import type { makeOrderJobs } from "../../src/orders/OrderJobs.ts"
import type { makePayoutCommands } from "../../src/orders/PayoutCommands.ts"
import type { makeSellCommands } from "../../src/orders/SellCommands.ts"
import type { makeTransferCommands } from "../../src/orders/TransferCommands.ts"

/** The tags a command's error channel carries, as TypeScript infers it. */
type InferredTags<F> = {
  readonly [K in keyof F]: F[K] extends (...args: never) => Effect.Effect<unknown, infer E, unknown>
    ? E extends { readonly _tag: infer T }
      ? T
      : never
    : never
}
/** The tags of each command's list. */
type ListedTags<F extends ErrorFamily> = { readonly [K in keyof F]: CommandError<F, K>["_tag"] }

/** True when A and B are the same type (not merely assignable either way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

/** Every command the module's effect makes is in the list, every command of the list in the module, with the same tags. */
type Matches<M extends Effect.Effect<object, never, unknown>, F extends ErrorFamily> = Same<
  InferredTags<Effect.Success<M>>,
  ListedTags<F>
>

const exact = <T extends true>(_: T) => _

// Each line fails to compile when a family module and its list disagree.
exact<Matches<typeof makeBuyCommands, typeof BuyErrors>>(true)
exact<Matches<typeof makeBuyPaymentCommands, typeof BuyPaymentErrors>>(true)
exact<Matches<typeof makeSellCommands, typeof SellErrors>>(true)
exact<Matches<typeof makeTransferCommands, typeof TransferErrors>>(true)
exact<Matches<typeof makeConvertCommands, typeof ConvertErrors>>(true)
exact<Matches<typeof makePayoutCommands, typeof PayoutErrors>>(true)
exact<Matches<typeof makeOrderJobs, typeof OrderJobErrors>>(true)

describe("the order families' errors", () => {
  it("each command lists tagged errors, each once", () => {
    for (const [family, commands] of Object.entries(ORDER_FAMILY_ERRORS)) {
      for (const [command, classes] of Object.entries(commands as ErrorFamily)) {
        const tags = classes.map((c) => c.identifier)
        expect(
          tags.every((t) => /^[A-Z][A-Za-z]+$/.test(t)),
          `${family}.${command}`,
        ).toBe(true)
        expect(errorTags(classes).length, `${family}.${command} names an error twice`).toBe(tags.length)
      }
    }
  })

  it("no family answers every failure: each is its own union", () => {
    const all = new Set(
      Object.values(ORDER_FAMILY_ERRORS).flatMap((f) => Object.values(f as ErrorFamily).flat()),
    )
    for (const [family, commands] of Object.entries(ORDER_FAMILY_ERRORS)) {
      const own = new Set(Object.values(commands as ErrorFamily).flat())
      expect(own.size, family).toBeLessThan(all.size)
    }
  })
})
