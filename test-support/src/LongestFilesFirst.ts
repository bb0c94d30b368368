/**
 * The order `npm test` starts its files in: the longest first, so that the two workers finish together instead of
 * one of them running a long file alone at the end (longest-processing-time-first scheduling).
 *
 * Vitest orders files by the durations of the previous run, which a fresh clone (CI) does not have; without them it
 * starts the projects one after the other and the largest files first, so the order engine's model tests (about two
 * minutes each under coverage) started after every adapters file and ran alone for five minutes. The seconds below
 * are one measured run's (2 cores, coverage on), rounded: they only order the queue, they are not limits. A file not
 * listed keeps Vitest's own order after the listed ones.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node"

/** Path from the repository root → seconds a run took (2026-11-26, `npm test` on the 2-core CI machine). */
const MEASURED_SECONDS: ReadonlyArray<readonly [string, number]> = [
  ["core/test/orders/OrderEngine.model.all.test.ts", 110],
  ["core/test/orders/OrderEngine.model.market.test.ts", 110],
  ["core/test/orders/OrderEngine.model.time.test.ts", 110],
  ["web/e2e/site.test.ts", 110],
  ["web/e2e/siteRoutes.test.ts", 95],
  ["adapters/test/postgres/Concurrency.test.ts", 62],
  ["web/e2e/home.test.ts", 58],
  ["web/e2e/wordsReviewDefaults.test.ts", 56],
  ["web/e2e/orders.test.ts", 49],
  ["web/e2e/community.test.ts", 46],
  ["web/e2e/kyc.test.ts", 32],
  ["web/e2e/journey.test.ts", 32],
  ["adapters/test/app/ProductionStart.test.ts", 27],
  ["adapters/test/http/Fuzz.test.ts", 22],
  ["web/e2e/orderPage.test.ts", 21],
  ["adapters/test/payments/TestModeCheckout.test.ts", 21],
  ["adapters/test/app/FirstStartSeed.test.ts", 20],
  ["adapters/test/http/SignInAndSessions.test.ts", 16],
  ["cli/test/Process.test.ts", 15],
  ["adapters/test/postgres/Migrations.test.ts", 13],
  ["adapters/test/postgres/AccountsPg.test.ts", 13],
  ["web/e2e/prerender.test.ts", 11],
  ["adapters/test/postgres/EmbeddedPostgres.test.ts", 11],
  ["web/e2e/phoneFirst.test.ts", 10],
  ["web/e2e/forms.test.ts", 10],
  ["adapters/test/payments/CardWebhooks.test.ts", 9],
  ["adapters/test/app/DemoHistory.test.ts", 9],
  ["web/e2e/demo.test.ts", 8],
  ["cli/test/AdminSocket.test.ts", 8],
  ["cli/test/LedgerVerify.test.ts", 8],
]

const secondsOf = (spec: TestSpecification): number =>
  MEASURED_SECONDS.find(([file]) => spec.moduleId.endsWith(`/${file}`))?.[1] ?? 0

export class LongestFilesFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const vitestOrder = await super.sort(files)
    // Array.prototype.sort is stable: files with no measurement keep Vitest's order.
    return vitestOrder.sort((a, b) => secondsOf(b) - secondsOf(a))
  }
}
