/**
 * The `stripe` SDK, imported on first use instead of at start (218 files), as SquareSdk.ts does for Square:
 * a process needs it only when it calls Stripe or signs or verifies a Stripe webhook, which the admin CLI
 * never does. Node keeps a module once imported, so only the first call waits.
 */
import { Effect } from "effect"
import type Stripe from "stripe"

export type StripeSdk = typeof Stripe

export const stripeSdk: Effect.Effect<StripeSdk> = Effect.promise(() =>
  import("stripe").then((m) => m.default),
)
