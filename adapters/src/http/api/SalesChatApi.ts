/**
 * The sales chat (spec §2 /dashboard/saleschat): the member's own thread with the sales team, and the member's
 * new message. Member routes; admins answer through the CLI (`landunits saleschat reply`).
 */
import { InvalidSalesMessage } from "@landunits/core/saleschat/SalesChatErrors.ts"
import { SalesMessageInput, SalesThreadView } from "@landunits/core/saleschat/SalesChatModel.ts"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

export class SalesChatApi extends HttpApiGroup.make("saleschat")
  .add(
    HttpApiEndpoint.get("thread", "/saleschat/thread", { success: SalesThreadView }),
    HttpApiEndpoint.post("postMessage", "/saleschat/messages", {
      payload: SalesMessageInput,
      success: SalesThreadView,
      error: InvalidSalesMessage,
    }),
  )
  .middleware(Authentication) {}
