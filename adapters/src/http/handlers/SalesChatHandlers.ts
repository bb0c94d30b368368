import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { memberView } from "@landunits/core/saleschat/SalesChatModel.ts"
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

/** The member reads and writes their own thread only: the actor is always the session's member. */
const actor = Effect.map(CurrentMember, (m) => memberActor(m.memberId))

export const SalesChatHandlers = HttpApiBuilder.group(
  Api,
  "saleschat",
  Effect.fn(function* (handlers) {
    const chat = yield* SalesChatService
    return handlers
      .handle("thread", () => Effect.flatMap(actor, (a) => Effect.map(chat.myThread(a), memberView)))
      .handle("postMessage", ({ payload }) =>
        Effect.flatMap(actor, (a) => Effect.map(chat.post(a, payload.text), memberView)),
      )
  }),
)
