/**
 * The HTTP application: the API under /api (its OpenAPI document at /api/openapi.json and a readable
 * reference at /api/docs), the built web app beside it (StaticFiles.ts) with /robots.txt and /sitemap.xml
 * (RobotsAndSitemap.ts), and the middlewares every route gets (security headers, anti-forgery, body
 * size limits).
 * `serveHttp` runs it on Node's HTTP server.
 */
import { createServer } from "node:http"
import { NodeHttpServer } from "@effect/platform-node"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { Duration, Effect, Layer, Option } from "effect"
import { HttpRouter, UrlParams } from "effect/http"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { layerRouteLabel, observeRequests } from "../../observability/HttpObservability.ts"
import { PaymentPage } from "../../payments/PaymentsLayer.ts"
import { BankTransfersReferenceData } from "../../reference/BankTransfersReferenceData.ts"
import { ExchangeRatesReferenceData } from "../../reference/ExchangeRatesReferenceData.ts"
import { PriceBookReferenceData } from "../../reference/PriceBookReferenceData.ts"
import { Api } from "../api/Api.ts"
import { WEBHOOK_ROUTES } from "../api/PaymentsApi.ts"
import { AuthHandlers } from "../handlers/AuthHandlers.ts"
import { CurrentTrustedProxies } from "../handlers/ClientAddress.ts"
import { CommunityHandlers, GovernanceHandlers } from "../handlers/CommunityHandlers.ts"
import { ContentHandlers } from "../handlers/ContentHandlers.ts"
import { DashboardHandlers } from "../handlers/DashboardHandlers.ts"
import { InvoiceHandlers } from "../handlers/InvoiceHandlers.ts"
import { LedgerHandlers } from "../handlers/LedgerHandlers.ts"
import { MarketHandlers } from "../handlers/MarketHandlers.ts"
import { OrderHandlers } from "../handlers/OrderHandlers.ts"
import { PaymentHandlers, PaymentWebhookHandlers } from "../handlers/PaymentHandlers.ts"
import { PrivacyHandlers } from "../handlers/PrivacyHandlers.ts"
import { ProfileHandlers } from "../handlers/ProfileHandlers.ts"
import { RecordingHandlers } from "../handlers/RecordingHandlers.ts"
import { SalesChatHandlers } from "../handlers/SalesChatHandlers.ts"
import { SecurityHandlers } from "../handlers/SecurityHandlers.ts"
import { StatementHandlers } from "../handlers/StatementHandlers.ts"
import { SystemHandlers } from "../handlers/SystemHandlers.ts"
import { UserBundles } from "../handlers/UserBundle.ts"
import { UserHandlers } from "../handlers/UserHandlers.ts"
import { layerAntiForgery } from "../middleware/AntiForgery.ts"
import { AuthenticationLive } from "../middleware/AuthenticationLive.ts"
import { layerBodyLimits } from "../middleware/BodyLimits.ts"
import { layerInvalidInputResponses } from "../middleware/InvalidInputResponses.ts"
import { layerNoStore } from "../middleware/NoStore.ts"
import { layerSecurityHeaders } from "../middleware/SecurityHeaders.ts"
import { accessLog } from "./AccessLog.ts"
import { allowedMethods } from "./AllowedMethods.ts"
import { Draining, layerCloseWhenDraining, layerDrainOnStop, makeDraining } from "./Draining.ts"
import { layerRobotsAndSitemap } from "./RobotsAndSitemap.ts"
import { layerStaticFiles } from "./StaticFiles.ts"
import { NO_TRUSTED_PROXIES, type TrustedProxies } from "./TrustedProxies.ts"

export interface HttpAppOptions {
  /** Development: cookies without Secure, no HSTS. */
  readonly development: boolean
  /** The built web app to serve beside the API (served only when its index.html exists). */
  readonly webDist?: string
  /** The other builds' folders, where a hashed asset webDist lacks may be (WebBuilds.ts); none by default. */
  readonly otherWebBuilds?: () => ReadonlyArray<string>
  /** The site's public URL (APP_URL), for robots.txt and sitemap.xml; without it, each request's origin. */
  readonly publicUrl?: string | undefined
  /** PUBLIC_HOST: the production host session recording runs for (with APP_URL's host, if set); unset: off. */
  readonly publicHost?: string | undefined
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (handlers/ClientAddress.ts); nobody by default. */
  readonly trustedProxies?: TrustedProxies | undefined
}

export const OPENAPI_PATH = "/api/openapi.json"
export const DOCS_PATH = "/api/docs"

/**
 * The bundle's HoldingsService values holdings at the reference snapshot's prices (the ones the bundle
 * shows) instead of reading each price again. Fresh: the app's own HoldingsService keeps PriceBookPg.
 */
const holdingsAtSnapshotPrices = Layer.fresh(HoldingsService.layer).pipe(
  Layer.provide(
    Layer.mergeAll(PriceBookReferenceData, ExchangeRatesReferenceData, BankTransfersReferenceData),
  ),
)

const apiRoutes = (options: HttpAppOptions) => {
  const cookies = { secure: !options.development }
  return HttpApiBuilder.layer(Api, { openapiPath: OPENAPI_PATH }).pipe(
    Layer.provide([
      SystemHandlers,
      AuthHandlers(cookies),
      UserHandlers(cookies),
      SecurityHandlers,
      ContentHandlers,
      MarketHandlers,
      DashboardHandlers,
      OrderHandlers,
      PaymentHandlers,
      PaymentWebhookHandlers,
      StatementHandlers,
      InvoiceHandlers,
      LedgerHandlers,
      ProfileHandlers(cookies),
      GovernanceHandlers,
      CommunityHandlers,
      SalesChatHandlers,
      PrivacyHandlers(cookies),
      RecordingHandlers({
        publicHost: options.publicHost,
        appUrl: options.publicUrl,
        secure: !options.development,
      }),
    ]),
    Layer.provide(UserBundles.layer.pipe(Layer.provide(holdingsAtSnapshotPrices))),
    // The routes resolve the middlewares when they are built and again per request.
    Layer.provideMerge(Layer.mergeAll(layerInvalidInputResponses, AuthenticationLive(cookies))),
  )
}

export const layerHttpApp = (options: HttpAppOptions) =>
  Layer.mergeAll(
    apiRoutes(options),
    HttpApiScalar.layer(Api, { path: DOCS_PATH }),
    options.webDist === undefined
      ? Layer.empty
      : layerStaticFiles(
          options.webDist,
          options.otherWebBuilds === undefined ? {} : { otherBuilds: options.otherWebBuilds },
        ),
    options.webDist === undefined
      ? Layer.empty
      : layerRobotsAndSitemap({ directory: options.webDist, publicUrl: options.publicUrl }),
    // The payment settings say which card providers are live: only their hosts enter the CSP.
    Layer.unwrap(
      Effect.map(Effect.serviceOption(PaymentPage), (page) =>
        layerSecurityHeaders({
          hsts: !options.development,
          docsPath: DOCS_PATH,
          allowedMethods,
          liveCardProviders: Option.match(page, {
            onNone: () => ({ stripe: false, square: false }),
            onSome: (p) => ({ stripe: p.stripe.mode === "live", square: p.square.mode === "live" }),
          }),
        }),
      ),
    ),
    layerNoStore,
    layerCloseWhenDraining,
    // The providers' webhooks are authenticated by their signature instead (api/PaymentsApi.ts).
    layerAntiForgery({ secureCookies: !options.development, exempt: WEBHOOK_ROUTES }),
    // Added last, so it runs inside the others: its 413 answers get the security headers.
    layerBodyLimits,
    // Every route writes down its pattern for the request's metrics (observability/HttpObservability.ts).
  ).pipe(Layer.provide(layerRouteLabel))

export interface ServeOptions extends HttpAppOptions {
  /** 0 picks a free port (tests). */
  readonly port: number
  readonly host?: string
  /** How long to drain before the server stops accepting, once told to stop (Draining.ts); none by default. */
  readonly drain?: Duration.Duration
}

/**
 * Serves the app; the layer's output is the running HttpServer (its address tells the chosen port). When the
 * layer is released it drains first (`drain`), then stops accepting and waits for the requests in flight.
 */
export const serveHttp = (options: ServeOptions) =>
  Layer.unwrap(
    Effect.sync(() => {
      const draining = makeDraining()
      // Effect's own access logger writes an Info line per request; ours writes it at Debug (AccessLog.ts),
      // inside the request id, metrics and span attributes every request gets (HttpObservability.ts).
      // The address is logged by the caller (Server.ts), which knows the public URL.
      const server = HttpRouter.serve(layerHttpApp(options), {
        disableLogger: true,
        disableListenLog: true,
        middleware: (app) => observeRequests(accessLog(app)),
      }).pipe(
        Layer.provideMerge(
          NodeHttpServer.layer(createServer, { port: options.port, host: options.host ?? "127.0.0.1" }),
        ),
        // A request's span keeps its query's names, never their values: a query can carry an email address
        // (GET /user/name?email=…), as the access log leaves the query out for (observability/Tracing.ts).
        Layer.provide(Layer.succeed(UrlParams.CurrentRedactedNames, [/^/])),
        Layer.provide(Layer.succeed(CurrentTrustedProxies, options.trustedProxies ?? NO_TRUSTED_PROXIES)),
      )
      // Built after the server, so released before it: the drain happens while the server still serves.
      return layerDrainOnStop(options.drain ?? Duration.zero, draining.start).pipe(
        Layer.provideMerge(server),
        Layer.provide(Layer.succeed(Draining, draining.service)),
      )
    }),
  )
