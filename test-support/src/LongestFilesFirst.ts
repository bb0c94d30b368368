/**
 * The order `npm test` starts its files in: the longest first, so that the two workers finish together instead of
 * one of them running a long file alone at the end (longest-processing-time-first scheduling), browser files and
 * the others in turn, so that the two workers mostly run one of each.
 *
 * Vitest orders files by the durations of the previous run, which a fresh clone (CI) does not have; without them it
 * starts the projects one after the other and the largest files first, so the order engine's model tests (then two
 * minutes each under coverage) started after every adapters file and ran alone for five minutes. The seconds below
 * are one measured run's (2 cores, coverage on), rounded: they only order the queue, they are not limits. A file not
 * listed keeps Vitest's own order after the listed ones.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node"

/** Path from the repository root → seconds it took in one run (2026-11-26 14:35, fresh clone, `bash .ci/run`, 2 cores). */
const MEASURED_SECONDS: ReadonlyArray<readonly [string, number]> = [
  ["web/e2e/site.test.ts", 136],
  ["web/e2e/siteRoutes.test.ts", 73],
  ["web/e2e/wordsReviewDefaults.test.ts", 66],
  ["web/e2e/orders.test.ts", 65],
  ["web/e2e/community.test.ts", 64],
  ["web/e2e/home.test.ts", 54],
  ["web/e2e/orderPage.test.ts", 49],
  // Measured alone (2026-11-27, 2 cores): 45 s, its server's start included.
  ["web/e2e/recording.test.ts", 45],
  // From the fresh-clone run of 2026-11-27 04:32 on a host at load 10 (its times about 2.5 times a quiet run's), scaled.
  ["cli/test/Backup.test.ts", 42],
  ["adapters/test/app/RollingRestart.test.ts", 21],
  ["cli/test/Status.test.ts", 20],
  ["adapters/test/app/DrainOnStop.test.ts", 19],
  ["core/test/orders/OrderEngine.model.all.test.ts", 39],
  ["web/e2e/journey.test.ts", 38],
  ["core/test/orders/OrderEngine.model.time.test.ts", 36],
  ["core/test/orders/OrderEngine.model.market.test.ts", 35],
  ["web/e2e/kyc.test.ts", 34],
  // Issue 23's files, from this branch's runs on the shared machine (not the fresh-clone run above).
  ["web/e2e/twoFactor.test.ts", 34],
  ["adapters/test/http/Fuzz.test.ts", 31],
  ["adapters/test/app/ProductionStart.test.ts", 27],
  ["adapters/test/postgres/Concurrency.test.ts", 26],
  ["cli/test/Process.test.ts", 26],
  ["adapters/test/app/FirstStartSeed.test.ts", 23],
  ["adapters/test/http/SignInAndSessions.test.ts", 22],
  ["web/e2e/prerender.test.ts", 20],
  ["cli/test/AdminSocket.test.ts", 20],
  ["web/e2e/phoneFirst.test.ts", 18],
  ["adapters/test/app/DemoHistory.test.ts", 18],
  ["adapters/test/postgres/Migrations.test.ts", 15],
  ["web/e2e/forms.test.ts", 15],
  ["web/e2e/demo.test.ts", 12],
  ["adapters/test/http/ApiFlows.test.ts", 12],
  ["adapters/test/http/SecondFactor.test.ts", 12],
  ["adapters/test/postgres/LedgerTotalsPg.test.ts", 12],
  ["adapters/test/postgres/OrderStoresPg.test.ts", 11],
  ["adapters/test/payments/TestModeCheckout.test.ts", 10],
  ["adapters/test/postgres/AccountsPg.test.ts", 30],
  ["adapters/test/payments/CardWebhooks.test.ts", 10],
  ["adapters/test/http/IndependentVerifier.test.ts", 10],
  ["adapters/test/payments/ProviderEventLogPg.test.ts", 10],
  ["adapters/test/postgres/CoinPricesPg.test.ts", 10],
  ["adapters/test/http/Endpoints.test.ts", 9],
  ["cli/test/FirstProductionSetup.test.ts", 9],
  ["cli/test/AdminSecondFactor.test.ts", 9],
  ["adapters/test/postgres/EmbeddedPostgres.test.ts", 8],
  ["cli/test/LedgerVerify.test.ts", 8],
  ["adapters/test/postgres/LedgerCheckpointsPg.test.ts", 8],
  ["adapters/test/http/EveryError.test.ts", 8],
  ["adapters/test/http/EmailLimits.test.ts", 8],
  ["adapters/test/documents/DocumentStorePg.test.ts", 8],
  ["adapters/test/postgres/ContentPg.test.ts", 8],
  ["cli/test/Admin.test.ts", 8],
  ["adapters/test/postgres/KycAndAuditPg.test.ts", 7],
  ["adapters/test/postgres/GovernanceAndCommunityPg.test.ts", 7],
  ["adapters/test/postgres/AdminReadsPg.test.ts", 7],
]

const secondsOf = (spec: TestSpecification): number =>
  MEASURED_SECONDS.find(([file]) => spec.moduleId.endsWith(`/${file}`))?.[1] ?? 0

/** A browser file: its own server and Chromium, where the others are one Node process each. */
const isBrowserFile = (spec: TestSpecification): boolean => spec.project.name === "web-e2e"

/** `a[0], b[0], a[1], b[1], …`, then the rest of the longer list. */
const alternate = <A>(a: ReadonlyArray<A>, b: ReadonlyArray<A>): Array<A> =>
  Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
    .flat()
    .filter((x): x is A => x !== undefined)

export class LongestFilesFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const vitestOrder = await super.sort(files)
    // Array.prototype.sort is stable: files with no measurement keep Vitest's order.
    const longestFirst = vitestOrder.sort((a, b) => secondsOf(b) - secondsOf(a))
    // A browser file, then another file, and so on: two browser files at once (two servers and two Chromiums on
    // two cores) each ran some 20% slower than beside a Node file.
    return alternate(
      longestFirst.filter(isBrowserFile),
      longestFirst.filter((f) => !isBrowserFile(f)),
    )
  }
}
