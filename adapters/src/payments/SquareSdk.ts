/**
 * The `square` SDK, imported on first use instead of at start. It is 3,591 files: loading it was a third of
 * what the admin CLI did before answering `kyc list` (docs/benchmarks.md, "Admin CLI"), and a process needs
 * it only when it calls Square (a charge, a cancel) or verifies Square's webhook. The admin CLI and a server
 * whose Square runs in test mode without a webhook yet never load it. Node keeps a module once imported, so
 * only the first call waits.
 */
import { Effect } from "effect"

export type SquareSdk = typeof import("square")

export const squareSdk: Effect.Effect<SquareSdk> = Effect.promise(() => import("square"))
