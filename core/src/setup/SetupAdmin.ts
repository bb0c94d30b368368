/**
 * `landunits doctor` (issue 39): one screen of what a new or changed installation lacks. Reads the environment's
 * facts (InstallationProbe), the admins and their second factors, what pricing holds (PricingAdmin's overview), the
 * ledger's signing key and last checkpoint, and hands them to the rules (SetupDoctor.ts). Changes nothing and needs
 * no admin: it runs on an installation that has none yet.
 */
import { Clock, Effect, Option } from "effect"
import { MemberGuard } from "../access/MemberGuard.ts"
import { AccountRepository } from "../accounts/ports/AccountRepository.ts"
import { formatIsoDate } from "../format/Format.ts"
import { LedgerCheckpointService } from "../ledger/LedgerCheckpointService.ts"
import { LedgerCheckpoints } from "../ledger/ports/LedgerCheckpoints.ts"
import { pricingOverview } from "../pricing/PricingAdmin.ts"
import type { CurrencyType } from "../shared/Enums.ts"
import { InstallationProbe } from "./ports/InstallationProbe.ts"
import { diagnose } from "./SetupDoctor.ts"
import type { SetupFacts } from "./SetupModel.ts"

/** What the database holds about the setup (SetupModel.ts `SetupFacts`). */
export const setupFacts = Effect.gen(function* () {
  const accounts = yield* AccountRepository
  const guard = yield* MemberGuard
  const admins = yield* accounts.list({ role: "admin", disabled: false })
  const pricing = yield* pricingOverview
  const today = formatIsoDate(yield* Clock.currentTimeMillis)
  const latest = yield* (yield* LedgerCheckpoints).latest
  const key = (yield* LedgerCheckpointService).publicKey
  return {
    admins: yield* Effect.forEach(admins, (a) =>
      Effect.map(guard.hasSecondFactor(a.memberId), (secondFactor) => ({ email: a.email, secondFactor })),
    ),
    units: pricing.units.map((u) => ({
      unitType: u.schedule.unitType,
      pricePerUnit: u.pricePerUnitToday,
      landValueCents: u.landLimits.totalProjectLandValueInCents,
      buyFeeCents: u.buyOrderTransactionFeeInCents,
      sellFeeUnits: u.sellOrderTransactionFeeInUnits,
    })),
    bankAccounts: Object.keys(pricing.bankAccounts) as Array<CurrencyType>,
    rates: pricing.rates.filter((r) => r.day <= today).map((r) => ({ from: r.from, to: r.to })),
    currentCoinPrices: pricing.coinPrices
      .filter((p) => p.current)
      .map((p) => ({ coin: p.coin, currency: p.currency })),
    ledger: {
      signingKeyId: key.keyId,
      earlierKeyIds: key.earlier.map((k) => k.keyId),
      lastCheckpoint: Option.getOrUndefined(
        Option.map(latest, (c) => ({ number: c.number, keyId: c.keyId })),
      ),
    },
  } satisfies SetupFacts
})

/** The doctor's report: every finding, and whether anything blocks members. */
export const doctor = Effect.gen(function* () {
  const environment = yield* (yield* InstallationProbe).facts
  return diagnose(environment, yield* setupFacts)
}).pipe(Effect.withSpan("SetupAdmin.doctor"))
