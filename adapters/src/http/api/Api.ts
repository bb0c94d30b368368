/**
 * The HTTP API's contract: every route, its input, its answers and its errors. Importable by the web app
 * and the CLI without any server code. The OpenAPI document is generated from it (served at /api/docs).
 */
import { HttpApi, OpenApi } from "effect/http-api"
import { InvalidInputs } from "./InvalidInputs.ts"
import { SystemApi } from "./SystemApi.ts"

export class Api extends HttpApi.make("landunits")
  .add(SystemApi)
  .middleware(InvalidInputs)
  .prefix("/api")
  .annotateMerge(
    OpenApi.annotations({
      title: "Landunits API",
      description:
        "Members buy, sell, transfer and convert Units. Every request that changes anything must echo the " +
        "XSRF-TOKEN cookie in the X-XSRF-TOKEN header. Errors are { message, errors? }.",
    }),
  ) {}
