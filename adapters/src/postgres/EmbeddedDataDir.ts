/**
 * Where the embedded database keeps its files in a DATA_DIR, and whether one is there: plain Node (no PGlite, no
 * Effect), so the admin CLI can ask before it loads anything or opens, and so creates, a database.
 */
import * as fs from "node:fs"
import * as path from "node:path"

/** DATA_DIR when the setting is absent, relative to the process's working folder (`npm start` runs at the project's root). */
export const DEFAULT_DATA_DIR = "./data"

/** Where the embedded database's files live: `DATA_DIR/pg`. */
export const embeddedPgDir = (dataDir: string) => path.join(path.resolve(dataDir), "pg")

/** Whether `dataDir` holds an embedded database (PGlite wrote its PG_VERSION there). */
export const hasEmbeddedDatabase = (dataDir: string) =>
  fs.existsSync(path.join(embeddedPgDir(dataDir), "PG_VERSION"))
