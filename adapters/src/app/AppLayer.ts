/**
 * The composition root: which adapter plays each port, and the core services over them. The HTTP server,
 * the admin CLI, the seed and the tests build the same graph, so what they run is what ships. In production
 * the graph is built only when every required secret is set (ProductionSettings.ts), before the database
 * is opened.
 */

import type { PgClient } from "@effect/sql-pg"
import { MemberGuard } from "@landunits/core/access/MemberGuard.ts"
import { AccountService, SessionLifetime } from "@landunits/core/accounts/AccountService.ts"
import { UserAnalyticsService } from "@landunits/core/analytics/UserAnalyticsService.ts"
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { IdeasService } from "@landunits/core/community/IdeasService.ts"
import { ContentService } from "@landunits/core/content/ContentService.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { ImpactService } from "@landunits/core/impact/ImpactService.ts"
import { InvoiceIssuer } from "@landunits/core/invoices/InvoiceService.ts"
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { LedgerService } from "@landunits/core/ledger/LedgerService.ts"
import { MarketService } from "@landunits/core/market/MarketService.ts"
import { ProfileService } from "@landunits/core/members/ProfileService.ts"
import { SignedInMemberService } from "@landunits/core/members/SignedInMemberService.ts"
import {
  type BuyBatchBounds,
  BuyBatchObserver,
  BuyBatchSettings,
  DEFAULT_BUY_BATCH_BOUNDS,
} from "@landunits/core/orders/BuyBatchSettings.ts"
import { guardedLayer } from "@landunits/core/orders/OutsideTransaction.ts"
import { RecipientLookup } from "@landunits/core/orders/RecipientLookup.ts"
import { PriceHistoryService } from "@landunits/core/pricing/PriceHistoryService.ts"
import { PrivacyService } from "@landunits/core/privacy/PrivacyService.ts"
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { PasskeyService } from "@landunits/core/secondfactor/PasskeyService.ts"
import { DEFAULT_STEP_UP_SECONDS, StepUpSeconds } from "@landunits/core/secondfactor/SecondFactorModel.ts"
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { IdGenerator } from "@landunits/core/shared/ports/IdGenerator.ts"
import { SubscriptionService } from "@landunits/core/subscriptions/SubscriptionService.ts"
import { Config, Duration, Effect, Layer, Schema } from "effect"
import type { SqlClient } from "effect/sql"
import { layerDocumentKeyFromEnv } from "../documents/DocumentKey.ts"
import { DeliveredMailTransport, layerMailTransportFromEnv } from "../email/DeliveredMailTransport.ts"
import { MailTransport } from "../email/MailTransport.ts"
import { checkpointInterval } from "../jobs/LedgerCheckpointJob.ts"
import { OrderServiceObserved, observeBuyBatch } from "../observability/OrderCommandMetrics.ts"
import { LimitsServiceObserved, RecordingServiceObserved } from "../observability/RateLimitMetrics.ts"
import { layerPaymentGateways, layerPaymentServices, readPayments } from "../payments/PaymentsLayer.ts"
import { AccountRepositoryPg } from "../postgres/AccountRepositoryPg.ts"
import { AgentStorePg } from "../postgres/AgentStorePg.ts"
import { ApprovalStorePg } from "../postgres/ApprovalStorePg.ts"
import { AttemptLogPg } from "../postgres/AttemptLogPg.ts"
import { AuditLogPg } from "../postgres/AuditLogPg.ts"
import { BankTransfersPg } from "../postgres/BankTransfersPg.ts"
import { CoinPricesPg } from "../postgres/CoinPricesPg.ts"
import { ContactMessagesPg } from "../postgres/ContactMessagesPg.ts"
import { poolSizeFromEnv } from "../postgres/Database.ts"
import { DataExportStorePg } from "../postgres/DataExportStorePg.ts"
import { DiscountCodesPg } from "../postgres/DiscountCodesPg.ts"
import { DocumentStorePg } from "../postgres/DocumentStorePg.ts"
import { EnginePg } from "../postgres/EnginePg.ts"
import { ExchangeRateHistoryPg } from "../postgres/ExchangeRateHistoryPg.ts"
import { ExchangeRatesPg } from "../postgres/ExchangeRatesPg.ts"
import { IdeaStorePg } from "../postgres/IdeaStorePg.ts"
import { InvoiceBuyersPg } from "../postgres/InvoiceBuyersPg.ts"
import { InvoiceSettingsPg } from "../postgres/InvoiceSettingsPg.ts"
import { InvoiceStorePg } from "../postgres/InvoiceStorePg.ts"
import { KnownDevicesPg } from "../postgres/KnownDevicesPg.ts"
import { KycStorePg } from "../postgres/KycStorePg.ts"
import { LedgerCheckpointsPg } from "../postgres/LedgerCheckpointsPg.ts"
import { MailerPg } from "../postgres/MailerPg.ts"
import { MemberDirectoryPg } from "../postgres/MemberDirectoryPg.ts"
import { MemberRecordsPg } from "../postgres/MemberRecordsPg.ts"
import { MemberStandingPg } from "../postgres/MemberStandingPg.ts"
import { layerMigrated } from "../postgres/Migrations.ts"
import { nativeLiabilitiesHasher } from "../postgres/NativeLiabilitiesHash.ts"
import { NewsletterSubscribersPg } from "../postgres/NewsletterSubscribersPg.ts"
import { PasskeyStorePg } from "../postgres/PasskeyStorePg.ts"
import { PriceBookPg } from "../postgres/PriceBookPg.ts"
import { PriceScheduleHistoryPg } from "../postgres/PriceScheduleHistoryPg.ts"
import { PriceSchedulesPg } from "../postgres/PriceSchedulesPg.ts"
import { PricingSettingsPg } from "../postgres/PricingSettingsPg.ts"
import { QuestionStorePg } from "../postgres/QuestionStorePg.ts"
import { RecordingStorePg } from "../postgres/RecordingStorePg.ts"
import { RecordingUsagePg } from "../postgres/RecordingUsagePg.ts"
import { ReferenceDataPg } from "../postgres/ReferenceDataPg.ts"
import { SalesChatStorePg } from "../postgres/SalesChatStorePg.ts"
import { SecondFactorStorePg } from "../postgres/SecondFactorStorePg.ts"
import { SessionStorePg } from "../postgres/SessionStorePg.ts"
import { SignedInAccountsPg } from "../postgres/SignedInAccountsPg.ts"
import { SignedInMembersPg } from "../postgres/SignedInMembersPg.ts"
import { SiteContentPg } from "../postgres/SiteContentPg.ts"
import { StoredOrdersPg } from "../postgres/StoredOrdersPg.ts"
import { SubscriptionStorePg } from "../postgres/SubscriptionStorePg.ts"
import { TokenStorePg } from "../postgres/TokenStorePg.ts"
import { layerMarkedTransactions } from "../postgres/TransactionMarker.ts"
import { UnitOwnershipPg } from "../postgres/UnitOwnershipPg.ts"
import { VoteStorePg } from "../postgres/VoteStorePg.ts"
import { MemberDataArchiveZip } from "../privacy/MemberDataArchiveZip.ts"
import { ReferenceData } from "../reference/ReferenceData.ts"
import { layerLedgerSignerFromEnv, readEarlierLedgerPublicKeys } from "../security/LedgerSignerEd25519.ts"
import { OneTimePasswordsTotp } from "../security/OneTimePasswordsTotp.ts"
import { PasskeyCeremoniesSimpleWebAuthn } from "../security/PasskeyCeremoniesSimpleWebAuthn.ts"
import { PasswordHasherScrypt } from "../security/PasswordHasherScrypt.ts"
import { SecureRandomNode } from "../security/SecureRandomNode.ts"
import { requireProductionSettings } from "../settings/ProductionSettings.ts"

export const DEFAULT_SUPPORT_EMAIL = "support@landunits.example"
/** How long a session (and its cookie) lasts from sign-in, unless SESSION_LIFETIME_DAYS says otherwise. */
export const DEFAULT_SESSION_LIFETIME_DAYS = 30

/** STEP_UP_SECONDS: how long a second factor given on a session lets it move Units out or change security. */
export const readStepUpSeconds = Config.schema(
  Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  "STEP_UP_SECONDS",
).pipe(Config.withDefault(DEFAULT_STEP_UP_SECONDS))

/**
 * BUY_BATCH_MAX and BUY_BATCH_WAIT_MS: the most buys one batch commits, and how long a buy that finds no batch in
 * flight waits for others to join it. When this process's transactions run one at a time (a pool of one connection:
 * the embedded database), a batch takes the buys of every unit type and one batch is in flight; else a unit type's
 * buys, two batches of it in flight (core's BuyBatches; docs/benchmarks.md, "Buys in batches").
 */
export const readBuyBatchBounds = Effect.gen(function* () {
  const bounds = yield* Config.all({
    maxBuys: Config.schema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)), "BUY_BATCH_MAX").pipe(
      Config.withDefault(DEFAULT_BUY_BATCH_BOUNDS.maxBuys),
    ),
    maxWaitMs: Config.schema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), "BUY_BATCH_WAIT_MS").pipe(
      Config.withDefault(DEFAULT_BUY_BATCH_BOUNDS.maxWaitMs),
    ),
  })
  // One connection (the embedded database, run in this process's own thread): nothing for a second batch to overlap.
  const oneAtATime = (yield* poolSizeFromEnv) === 1
  return {
    ...bounds,
    acrossUnitTypes: oneAtATime,
    inFlight: oneAtATime ? 1 : DEFAULT_BUY_BATCH_BOUNDS.inFlight,
    splitAt: DEFAULT_BUY_BATCH_BOUNDS.splitAt,
  } satisfies BuyBatchBounds
})

/** SESSION_LIFETIME_DAYS: a whole number of days, at least 1. */
export const readSessionLifetimeMs = Config.schema(
  Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  "SESSION_LIFETIME_DAYS",
).pipe(
  Config.withDefault(DEFAULT_SESSION_LIFETIME_DAYS),
  Config.map((days) => Duration.toMillis(Duration.days(days))),
)

/** Every store on PostgreSQL, over a migrated database. */
export const layerStores = <E>(database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E>) =>
  Layer.mergeAll(
    EnginePg,
    LedgerCheckpointsPg,
    AccountRepositoryPg,
    SessionStorePg,
    KnownDevicesPg,
    SignedInAccountsPg,
    TokenStorePg,
    AttemptLogPg,
    SignedInMembersPg,
    SiteContentPg,
    NewsletterSubscribersPg,
    ContactMessagesPg,
    PriceBookPg,
    ExchangeRatesPg,
    DiscountCodesPg,
    BankTransfersPg,
    PricingSettingsPg,
    CoinPricesPg,
    KycStorePg,
    MailerPg,
    AuditLogPg,
    MemberStandingPg,
    MemberDirectoryPg,
    UnitOwnershipPg,
    VoteStorePg,
    PriceSchedulesPg,
    ExchangeRateHistoryPg,
    PriceScheduleHistoryPg,
    StoredOrdersPg,
    SubscriptionStorePg,
    QuestionStorePg,
    AgentStorePg,
    IdeaStorePg,
    SalesChatStorePg,
    ApprovalStorePg,
    MemberRecordsPg,
    RecordingStorePg,
    RecordingUsagePg,
    InvoiceStorePg,
    InvoiceSettingsPg,
    InvoiceBuyersPg,
    Layer.mergeAll(
      DocumentStorePg,
      DataExportStorePg,
      MemberDataArchiveZip.pipe(Layer.provide(DocumentStorePg)),
    ).pipe(Layer.provide(layerDocumentKeyFromEnv)),
    // TOTP secrets are encrypted under the same key as KYC documents.
    Layer.mergeAll(SecondFactorStorePg, PasskeyStorePg).pipe(Layer.provide(layerDocumentKeyFromEnv)),
    ReferenceData.cached().pipe(Layer.provide(ReferenceDataPg)),
  ).pipe(Layer.provideMerge(Layer.provideMerge(layerMigrated, layerMarkedTransactions(database))))

/**
 * The platform's own pieces: hashing, randomness, ids, the ledger's signing key, and the mail transport (SMTP_URL,
 * else files under DATA_DIR/mail) with what it keeps of delivered emails.
 */
export const layerPlatform = Layer.mergeAll(
  PasswordHasherScrypt,
  SecureRandomNode,
  OneTimePasswordsTotp,
  PasskeyCeremoniesSimpleWebAuthn,
  IdGenerator.layerRandom,
  layerLedgerSignerFromEnv,
  // The mail server is called outside any transaction (core's OutsideTransaction.ts).
  DeliveredMailTransport.pipe(Layer.provideMerge(guardedLayer(MailTransport, layerMailTransportFromEnv))),
)

/** Core's services over the stores and the platform. */
export const layerApp = <E>(database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E>) =>
  Layer.unwrap(
    Effect.gen(function* () {
      yield* requireProductionSettings
      const supportEmail = yield* Config.String("SUPPORT_EMAIL").pipe(
        Config.withDefault(DEFAULT_SUPPORT_EMAIL),
      )
      // The payment providers (docs/operations.md, "Payments"): live, built-in test mode, or refused.
      const payments = yield* readPayments
      const sessionLifetimeMs = yield* readSessionLifetimeMs
      const stepUpSeconds = yield* readStepUpSeconds
      const buyBatchBounds = yield* readBuyBatchBounds
      const checkpointEvery = yield* checkpointInterval
      const earlierPublicKeys = yield* readEarlierLedgerPublicKeys
      const stores = layerStores(database)
      return layerPaymentServices(payments.settings, payments.options).pipe(
        Layer.provideMerge(
          LedgerCheckpointService.layer({
            everyMs: Duration.toMillis(checkpointEvery),
            earlierPublicKeys,
            liabilitiesHasher: nativeLiabilitiesHasher,
          }),
        ),
        // The profile form's one unit of work over the account and KYC use cases.
        Layer.provideMerge(ProfileService.layer),
        Layer.provideMerge(
          Layer.mergeAll(
            // Its commands counted, timed and traced, its batches of buys measured (observability/OrderCommandMetrics.ts).
            OrderServiceObserved.pipe(
              Layer.provide(
                Layer.merge(
                  Layer.succeed(BuyBatchSettings)(buyBatchBounds),
                  Layer.succeed(BuyBatchObserver)(observeBuyBatch),
                ),
              ),
            ),
            AccountService.layer,
            SignedInMemberService.layer,
            ContentService.layer(supportEmail),
            GovernanceService.layer,
            CommunityService.layer,
            IdeasService.layer,
            KycService.layer,
            MarketService.layer,
            PriceHistoryService.layer,
            ImpactService.layer,
            UserAnalyticsService.layer,
            SubscriptionService.layer,
            SalesChatService.layer,
            ApprovalService.layer,
            PrivacyService.layer,
            RecordingServiceObserved,
            RecipientLookup.layer,
          ).pipe(
            Layer.provideMerge(PasskeyService.layer),
            Layer.provideMerge(SecondFactorService.layer),
            // The one guard of member use cases (core/src/access/MemberGuard.ts), its window from the setting.
            Layer.provideMerge(
              MemberGuard.layer.pipe(Layer.provide(Layer.succeed(StepUpSeconds)(stepUpSeconds))),
            ),
            Layer.provideMerge(Layer.merge(HoldingsService.layer, LimitsServiceObserved)),
            Layer.provideMerge(Layer.succeed(SessionLifetime)(sessionLifetimeMs)),
            Layer.provideMerge(LedgerService.layer),
            // A buy's invoice, issued when its payment is confirmed (core/src/invoices/InvoiceService.ts).
            Layer.provideMerge(InvoiceIssuer.layer),
            Layer.provideMerge(
              Layer.mergeAll(
                stores,
                layerPlatform,
                layerPaymentGateways(payments.settings).pipe(Layer.provide(stores)),
              ),
            ),
          ),
        ),
      )
    }),
  )
