/**
 * The demo content's pictures are WebP now (web/scripts/demoImages.ts); the JPEGs are gone from the build.
 * An installation seeded before still names them: its news and team items that point at one of the six demo
 * JPEGs point at the WebP of the same picture instead. Pictures an admin set are left as they are.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const NEWS = ["orchard", "soil", "vote"]
const TEAM = ["amelia", "luc", "priya"]

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const [kind, field, folder, names] of [
    ["news", "image", "news", NEWS],
    ["team", "img", "team", TEAM],
  ] as const) {
    for (const name of names) {
      yield* sql`
        UPDATE site_content
        SET item = jsonb_set(item, ${`{${field}}`}::text[], to_jsonb(${`/images/${folder}/${name}.webp`}::text))
        WHERE kind = ${kind} AND item->>${field} = ${`/images/${folder}/${name}.jpg`}`
    }
  }
})
