import { ContentService } from "@landunits/core/content/ContentService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { clientAddress } from "./ClientAddress.ts"

export const ContentHandlers = HttpApiBuilder.group(
  Api,
  "content",
  Effect.fn(function* (handlers) {
    const content = yield* ContentService
    return handlers
      .handle("projects", ({ query }) => content.projects(query.status))
      .handle("project", ({ params }) => content.project(params.id))
      .handle("news", ({ query }) => content.news(query.category))
      .handle("newsCategories", () => content.newsCategories)
      .handle("team", () => content.list("team"))
      .handle("faq", () =>
        Effect.map(content.list("faq"), (faq) => faq.toSorted((a, b) => a.order - b.order)),
      )
      .handle("references", () =>
        Effect.map(content.list("references"), (refs) => refs.toSorted((a, b) => a.order - b.order)),
      )
      .handle("subscribe", ({ payload }) =>
        Effect.flatMap(clientAddress, (address) =>
          Effect.map(content.subscribe(payload.email, address), (message) => ({ message })),
        ),
      )
      .handle("verifySubscription", ({ params }) =>
        Effect.map(content.verifySubscription(params.token), (message) => ({ message })),
      )
  }),
)
