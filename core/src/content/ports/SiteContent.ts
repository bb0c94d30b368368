import { Context, Effect, Layer } from "effect"
import type { ContentKind, ContentOf } from "../ContentModel.ts"

/**
 * Port: the site's content collections (projects, news, team, FAQ, references). Each collection is read
 * whole, in the order it was set, and replaced whole: content changes rarely and always as a set.
 */
export class SiteContent extends Context.Service<
  SiteContent,
  {
    readonly list: <K extends ContentKind>(kind: K) => Effect.Effect<ReadonlyArray<ContentOf<K>>>
    readonly replace: <K extends ContentKind>(
      kind: K,
      items: ReadonlyArray<ContentOf<K>>,
    ) => Effect.Effect<void>
  }
>()("@landunits/core/content/ports/SiteContent") {
  static readonly layerMemory = Layer.sync(SiteContent)(() => {
    const collections = new Map<ContentKind, ReadonlyArray<unknown>>()
    return {
      list: <K extends ContentKind>(kind: K) =>
        Effect.sync(() => [...((collections.get(kind) ?? []) as ReadonlyArray<ContentOf<K>>)]),
      replace: (kind, items) =>
        Effect.sync(() => {
          collections.set(kind, [...items])
        }),
    }
  })
}
