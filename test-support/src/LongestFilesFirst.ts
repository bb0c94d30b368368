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

/**
 * Path from the repository root → seconds it took in one run (2026-11-29 19:48, fresh clone of 2f3357c,
 * `bash .ci/run`, 2 cores, the PostgreSQL server run included: 755 s of tests after core's), files of 7 s and more.
 */
const MEASURED_SECONDS: ReadonlyArray<readonly [string, number]> = [
  ["cli/test/Backup.test.ts", 113],
  ["web/e2e/site.test.ts", 96],
  ["web/e2e/orderPage.test.ts", 56],
  ["web/e2e/orders.test.ts", 56],
  ["web/e2e/wordsReviewDefaults.test.ts", 52],
  ["web/e2e/community.test.ts", 48],
  ["web/e2e/phoneFirst.test.ts", 45],
  ["web/e2e/home.test.ts", 43],
  ["web/e2e/siteRoutes.test.ts", 38],
  ["adapters/test/app/RollingRestart.test.ts", 36],
  ["adapters/test/app/ProductionStart.test.ts", 30],
  ["web/e2e/journey.test.ts", 30],
  ["web/e2e/kyc.test.ts", 30],
  ["web/e2e/prices.test.ts", 28],
  ["cli/test/Status.test.ts", 27],
  ["web/e2e/stepUp.test.ts", 27],
  ["core/test/orders/OrderEngine.model.time.test.ts", 26],
  ["web/e2e/twoFactor.test.ts", 25],
  ["web/e2e/demo.test.ts", 24],
  ["web/e2e/recording.test.ts", 23],
  ["cli/test/Process.test.ts", 22],
  ["adapters/test/postgres/Concurrency.test.ts", 22],
  ["core/test/orders/OrderEngine.model.market.test.ts", 20],
  ["web/e2e/noStateOnIntent.test.ts", 20],
  ["adapters/test/postgres/Migrations.test.ts", 17],
  ["core/test/orders/OrderEngine.model.all.test.ts", 14],
  ["adapters/test/app/DrainOnStop.test.ts", 14],
  ["adapters/test/demo/FirstStartSeed.test.ts", 13],
  ["web/e2e/prerender.test.ts", 13],
  ["adapters/test/http/SignInAndSessions.test.ts", 12],
  ["cli/test/AdminSocket.test.ts", 12],
  ["web/e2e/forms.test.ts", 12],
  ["adapters/test/demo/DemoHistory.test.ts", 12],
  ["web/e2e/keyRotation.test.ts", 11],
  ["adapters/test/postgres/LedgerTotalsPg.test.ts", 11],
  ["adapters/test/postgres/OrderStoresPg.test.ts", 10],
  ["cli/test/FirstProductionSetup.test.ts", 10],
  ["adapters/test/postgres/RecordingStorePg.test.ts", 9],
  ["adapters/test/postgres/EmbeddedPostgres.test.ts", 8],
  ["cli/test/LedgerVerify.test.ts", 8],
  ["adapters/test/app/ClientAddressBehindHaproxy.test.ts", 8],
  ["adapters/test/http/PrismContract.test.ts", 7],
  ["adapters/test/postgres/AccountsPg.test.ts", 7],
  ["adapters/test/postgres/LedgerStorePg.test.ts", 7],
  ["adapters/test/http/Fuzz.test.ts", 7],
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
