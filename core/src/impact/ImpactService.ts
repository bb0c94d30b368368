/**
 * The impact figures of spec §3 (co2Offset, forestIncrease, naturalNitrogen, organicIncrease,
 * pesticideElimination, hedgerowIncrease): the platform's, summed over every land project (open and closed),
 * and a member's own ("your impact", spec §9) from their holdings' value today over each pool's land value.
 */
import { Context, Effect, Layer, Result, Schema } from "effect"
import type { ImpactMetrics } from "../content/ContentModel.ts"
import { SiteContent } from "../content/ports/SiteContent.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import type { MemberId } from "../shared/Ids.ts"
import { round2, yourImpactOverPools } from "./Impact.ts"

/** The impact cannot be computed (spec §8's messages): the land values are misconfigured. */
export class ImpactUnavailable extends Schema.TaggedError<ImpactUnavailable>()(
  "ImpactUnavailable",
  { message: Schema.String },
  { httpApiStatus: 503 },
) {}

export const ImpactMetricNames = [
  "co2Offset",
  "forestIncrease",
  "naturalNitrogen",
  "organicIncrease",
  "pesticideElimination",
  "hedgerowIncrease",
] as const satisfies ReadonlyArray<keyof ImpactMetrics>

export interface EnvMetrics {
  readonly envMetrics: ImpactMetrics
  /** How many land projects the figures sum. */
  readonly projectCount: number
}

const mapMetrics = (f: (name: keyof ImpactMetrics) => number): ImpactMetrics =>
  Object.fromEntries(ImpactMetricNames.map((name) => [name, f(name)])) as unknown as ImpactMetrics

/** Each metric summed over the projects, rounded to 2 decimals once (display numbers, not money). */
export const sumImpactMetrics = (all: ReadonlyArray<ImpactMetrics>): ImpactMetrics =>
  mapMetrics((name) => round2(all.reduce((sum, m) => sum + m[name], 0)))

export class ImpactService extends Context.Service<
  ImpactService,
  {
    readonly envMetrics: Effect.Effect<EnvMetrics>
    readonly yourImpact: (memberId: MemberId) => Effect.Effect<ImpactMetrics, ImpactUnavailable>
  }
>()("@landunits/core/impact/ImpactService") {
  static readonly layer = Layer.effect(ImpactService)(
    Effect.gen(function* () {
      const content = yield* SiteContent
      const holdings = yield* HoldingsService
      const book = yield* PriceBook

      const envMetrics = Effect.map(content.list("projects"), (projects) => ({
        envMetrics: sumImpactMetrics(projects.map((p) => p.impactMetrics)),
        projectCount: projects.length,
      }))

      const yourImpact = Effect.fn("ImpactService.yourImpact")(function* (memberId: MemberId) {
        const totals = (yield* envMetrics).envMetrics
        // A holding refers to orders the member made: a missing one is a broken ledger, a defect.
        const held = yield* Effect.orDie(holdings.holdings(memberId))
        // Pools the member holds nothing of are skipped (yourImpactOverPools), so their land is not read.
        const pools = yield* Effect.forEach(
          held.filter((h) => h.total_value_today !== 0),
          (h) =>
            Effect.map(book.landLimits(h.unitType), (land) => ({
              totalValueToday: h.total_value_today,
              landValue: land.totalProjectLandValueInCents,
            })),
        )
        const figures: Partial<Record<keyof ImpactMetrics, number>> = {}
        for (const name of ImpactMetricNames) {
          const result = yourImpactOverPools(pools, totals[name])
          if (Result.isFailure(result))
            return yield* new ImpactUnavailable({ message: result.failure.message })
          figures[name] = result.success
        }
        return figures as ImpactMetrics
      })

      return ImpactService.of({ envMetrics, yourImpact })
    }),
  )
}
