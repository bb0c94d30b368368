/** The settings of core's BuyBatches (BuyBatches.ts): a batch's bounds, and who is told of each batch. */
import { Context, Effect } from "effect"
import type { UnitType } from "../shared/Enums.ts"

/**
 * The bounds of a batch: at most `maxBuys` buys, a first buy waits at most `maxWaitMs` for others to join, and
 * whether a batch takes the buys of every unit type (`acrossUnitTypes`) or of one.
 */
export interface BuyBatchBounds {
  readonly maxBuys: number
  readonly maxWaitMs: number
  /**
   * One batch for the buys of every unit type, its unit types' locks taken in one order: for a database that runs
   * one transaction at a time (the embedded one), where the unit types' batches would only queue one behind another.
   * Else each unit type batches apart and their batches commit side by side (docs/benchmarks.md, "Buys in batches").
   */
  readonly acrossUnitTypes: boolean
  /** The most batches of a queue in flight at once (1: one after another). */
  readonly inFlight: number
  /** With no batch of its queue committing, at least this many waiting buys are taken as two batches in flight. */
  readonly splitAt: number
}

/** The measured defaults (docs/benchmarks.md, "Buys in batches"), for a database that runs transactions side by side. */
export const DEFAULT_BUY_BATCH_BOUNDS: BuyBatchBounds = {
  maxBuys: 64,
  maxWaitMs: 0,
  acrossUnitTypes: false,
  inFlight: 2,
  splitAt: 32,
}

/**
 * The bounds an engine's batches keep; the app reads `maxBuys` and `maxWaitMs` from BUY_BATCH_MAX and
 * BUY_BATCH_WAIT_MS, and sets `acrossUnitTypes` and `inFlight` from its database (adapters' AppLayer.ts).
 */
export const BuyBatchSettings = Context.Reference<BuyBatchBounds>("@landunits/core/orders/BuyBatchSettings", {
  defaultValue: () => DEFAULT_BUY_BATCH_BOUNDS,
})

/** Told every batch an engine takes, as its buys of each unit type (metrics, the benchmark's batch sizes); nothing by default. */
export const BuyBatchObserver = Context.Reference<
  (sizes: ReadonlyMap<UnitType, number>) => Effect.Effect<void>
>("@landunits/core/orders/BuyBatchObserver", { defaultValue: () => () => Effect.void })
