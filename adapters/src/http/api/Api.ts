/**
 * The HTTP API's contract: every route, its input, its answers and its errors. Importable by the web app
 * and the CLI without any server code. The OpenAPI document is generated from it (served at /api/docs).
 */
import { parseOptions } from "@landunits/core/validation/Issues.ts"
import { HttpApi, OpenApi } from "effect/http-api"
import { AuthApi } from "./AuthApi.ts"
import { CommunityApi, GovernanceApi } from "./CommunityApi.ts"
import { ContentApi } from "./ContentApi.ts"
import { DashboardApi } from "./DashboardApi.ts"
import { InvalidInputs } from "./InvalidInputs.ts"
import { InvoicesApi } from "./InvoicesApi.ts"
import { LedgerApi } from "./LedgerApi.ts"
import { MarketApi } from "./MarketApi.ts"
import { OrdersApi } from "./OrdersApi.ts"
import { describeDocument } from "./openapi/Document.ts"
import { PaymentsApi, PaymentWebhooksApi } from "./PaymentsApi.ts"
import { PrivacyApi } from "./PrivacyApi.ts"
import { ProfileApi } from "./ProfileApi.ts"
import { RecordingsApi } from "./RecordingsApi.ts"
import { SalesChatApi } from "./SalesChatApi.ts"
import { SecurityApi } from "./SecurityApi.ts"
import { StatementsApi } from "./StatementsApi.ts"
import { SystemApi } from "./SystemApi.ts"
import { UserApi } from "./UserApi.ts"

export class Api extends HttpApi.make("landunits")
  .add(SystemApi)
  .add(AuthApi)
  .add(UserApi)
  .add(DashboardApi)
  .add(ContentApi)
  .add(MarketApi)
  .add(OrdersApi)
  .add(PaymentsApi)
  .add(PaymentWebhooksApi)
  .add(ProfileApi)
  .add(StatementsApi)
  .add(InvoicesApi)
  .add(LedgerApi)
  .add(GovernanceApi)
  .add(CommunityApi)
  .add(SalesChatApi)
  .add(PrivacyApi)
  .add(RecordingsApi)
  .add(SecurityApi)
  .middleware(InvalidInputs)
  // Every failing field in one answer (path, query and body), so a form shows all its errors after one
  // submit. Headers keep the defaults: they hold every transport header too.
  .annotate(HttpApi.ParamsParseOptions, parseOptions)
  .annotate(HttpApi.QueryParseOptions, parseOptions)
  .annotate(HttpApi.PayloadParseOptions, parseOptions)
  .prefix("/api")
  .annotateMerge(
    OpenApi.annotations({
      title: "Landunits API",
      description:
        "Members buy, sell, transfer and convert Units. Every request that changes anything must echo the " +
        "XSRF-TOKEN cookie in the X-XSRF-TOKEN header. Errors are { message, errors? }.",
      transform: describeDocument,
    }),
  ) {}
