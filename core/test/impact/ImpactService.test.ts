import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Result } from "effect"
import { demoProjects } from "../../src/content/DemoContent.ts"
import { SiteContent } from "../../src/content/ports/SiteContent.ts"
import { ImpactService } from "../../src/impact/ImpactService.ts"
import { PriceBook } from "../../src/pricing/ports/PriceBook.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { makeOrderHarness, setLand } from "../support/OrderHarness.ts"
import { bought } from "../support/OrderSteps.ts"

describe("the impact service", () => {
  it.effect(
    "refuses your impact with 'Total land value cannot be zero' when the member holds Units of a pool without land",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const alice = MemberId.make("alice")
        yield* bought(h, alice, 10, "LAND_USD")
        const impact = (landValue: number) =>
          Effect.gen(function* () {
            setLand(h, "LAND_USD", { totalProjectLandValueInCents: landValue })
            return yield* h.result(
              Effect.flatMap(ImpactService, (s) => s.yourImpact(alice)).pipe(
                Effect.provide(
                  ImpactService.layer.pipe(
                    Layer.provide(
                      Layer.mergeAll(
                        Layer.effectDiscard(
                          Effect.flatMap(SiteContent, (c) => c.replace("projects", demoProjects)),
                        ).pipe(Layer.provideMerge(SiteContent.layerMemory)),
                        PriceBook.layerMemory(h.priceBook),
                      ),
                    ),
                  ),
                ),
              ),
            )
          })
        const zero = yield* impact(0)
        expect(Result.isFailure(zero) && zero.failure.message).toBe("Total land value cannot be zero")
        // 10 Units at 10.000 = 100.00 of a 100,000.00 pool: 0.1% of 505 t CO2 = 0.51.
        const normal = yield* impact(10_000_000)
        expect(Result.getOrThrow(normal).co2Offset).toBe(0.51)
      }),
  )

  it.effect("reads the land of the pools the member holds only, so unpriced unit types do not stop it", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const alice = MemberId.make("alice")
      yield* bought(h, alice, 10, "LAND_USD")
      const { LAND_AUD: _aud, ...prices } = h.priceBook.current.prices
      const { LAND_AUD: _land, ...landLimits } = h.priceBook.current.landLimits
      h.priceBook.current = {
        ...h.priceBook.current,
        prices: prices as typeof h.priceBook.current.prices,
        landLimits: landLimits as typeof h.priceBook.current.landLimits,
      }
      const impact = yield* h.result(
        Effect.flatMap(ImpactService, (s) => s.yourImpact(alice)).pipe(
          Effect.provide(
            ImpactService.layer.pipe(
              Layer.provide(
                Layer.mergeAll(
                  Layer.effectDiscard(
                    Effect.flatMap(SiteContent, (c) => c.replace("projects", demoProjects)),
                  ).pipe(Layer.provideMerge(SiteContent.layerMemory)),
                  PriceBook.layerMemory(h.priceBook),
                ),
              ),
            ),
          ),
        ),
      )
      expect(Result.getOrThrow(impact).co2Offset).toBe(0.51)
    }),
  )
})
