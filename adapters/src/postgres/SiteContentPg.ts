/** SiteContent on PostgreSQL: the site's collections. */
import type { ContentKind, ContentOf } from "@landunits/core/content/ContentModel.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Array as Arr, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const SiteContentPg = Layer.effect(SiteContent)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SiteContent.of({
      list: <K extends ContentKind>(kind: K) =>
        sql<{
          item: ContentOf<K>
        }>`SELECT item FROM site_content WHERE kind = ${kind} ORDER BY position`.pipe(
          Effect.map((rows) => rows.map((r) => r.item)),
          Effect.orDie,
        ),
      replace: (kind, items) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`DELETE FROM site_content WHERE kind = ${kind}`
              const rows = items.map(
                (item, position): Record<string, unknown> => ({ kind, position, item: JSON.stringify(item) }),
              )
              if (Arr.isArrayNonEmpty(rows)) yield* sql`INSERT INTO site_content ${sql.insert(rows)}`
            }),
          )
          .pipe(Effect.orDie),
    })
  }),
)
