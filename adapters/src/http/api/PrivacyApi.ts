/**
 * A member's own data (issue 23): their data exports (ask for one, list them, download a ready one: the member's
 * own only, 404 for anyone else's exactly as for a missing one) and the closure of their account.
 */
import { PasswordRequired } from "@landunits/core/access/AccessErrors.ts"
import {
  AccountClosureRefused,
  ClosureNotConfirmed,
  DataExportExpired,
  DataExportNotFound,
  DataExportNotReady,
} from "@landunits/core/privacy/PrivacyErrors.ts"
import { CloseAccountInput, DataExportView } from "@landunits/core/privacy/PrivacyModel.ts"
import { SecondFactorRequired } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { MessageAnswer } from "./Answers.ts"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"
import { Authentication } from "./Authentication.ts"

export class PrivacyApi extends HttpApiGroup.make("privacy")
  .add(
    HttpApiEndpoint.get("dataExports", "/user/data-exports", {
      success: Schema.Struct({ exports: Schema.Array(DataExportView) }),
    }),
    HttpApiEndpoint.post("requestDataExport", "/user/data-exports", {
      success: Schema.Struct({ export: DataExportView }),
      error: [SecondFactorRequired, PasswordRequired],
    }),
    HttpApiEndpoint.get("downloadDataExport", "/user/data-exports/:exportId/download", {
      params: { exportId: Schema.String },
      success: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/zip" })),
      error: [
        DataExportNotFound,
        DataExportNotReady,
        DataExportExpired,
        SecondFactorRequired,
        PasswordRequired,
      ],
    }),
    HttpApiEndpoint.post("closeAccount", "/user/close-account", {
      payload: CloseAccountInput,
      success: MessageAnswer,
      error: [
        AccountClosureRefused,
        ClosureNotConfirmed,
        SecondFactorRequired,
        PasswordRequired,
        TooManyAttemptsAnswer,
      ],
    }),
  )
  .middleware(Authentication) {}
