/**
 * Declares, for the whole API, that a request failing its schema answers 400 InvalidInput with one entry
 * per broken rule (the spec's messages come from core's schemas). Implemented by
 * middleware/InvalidInputResponses.ts.
 */
import { HttpApiMiddleware } from "effect/http-api"
import { InvalidInput } from "./ApiErrors.ts"

export class InvalidInputs extends HttpApiMiddleware.Service<InvalidInputs>()(
  "@landunits/adapters/http/api/InvalidInputs",
  { error: InvalidInput },
) {}
