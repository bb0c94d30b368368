/**
 * Readiness: 200 once the process serves and its database answers (within HEALTH_TIMEOUT); 503 with
 * `Retry-After` while the database cannot be reached. Load balancers poll it (docs/operations.md).
 */
import { Duration, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { ServiceUnavailableResponse } from "./ApiErrors.ts"

export const Health = Schema.Struct({ status: Schema.Literal("ok") })
export type Health = typeof Health.Type

/** How long health waits for the database before answering 503: a hung database must not hang the check. */
export const HEALTH_TIMEOUT = Duration.seconds(2)

export class SystemApi extends HttpApiGroup.make("system").add(
  HttpApiEndpoint.get("health", "/health", { success: Health, error: ServiceUnavailableResponse }),
) {}
