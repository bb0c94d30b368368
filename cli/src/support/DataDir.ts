/**
 * Which embedded database the CLI works on when DATABASE_URL is not set (issue 38). The CLI used to open
 * `./data` of whatever folder it ran in: from anywhere but the project's root it made a new, empty database there
 * and then said the admin "is not an admin". Now:
 *
 * - `DATA_DIR` set: that folder (relative to the working folder, as the app reads it);
 * - unset: `./data` here when it holds a database, else the project's own `data` folder, where `npm start` (run at
 *   the project's root) keeps it;
 * - either way, a folder that holds no database is refused, in words that say where the CLI looked and how to
 *   point it at the data, and nothing is created there; only the commands that make a database (`db migrate`,
 *   `db seed`, `db restore`) make one, in DATA_DIR or else the project's `data` (and `db backup` says itself that
 *   there is nothing to back up).
 *
 * Plain Node, so `--help` and the refusal load nothing of the app.
 */
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { DEFAULT_DATA_DIR, hasEmbeddedDatabase } from "@landunits/adapters/postgres/EmbeddedDataDir.ts"

/** The project's own data folder (`<project>/data`): where `npm start`, run at the project's root, keeps its database. */
export const PROJECT_DATA_DIR = fileURLToPath(new URL("../../../data", import.meta.url))

/**
 * The commands that run where there is no database: they make one (`db migrate`, `db seed`, `db restore`), or say
 * themselves that there is none without making one (`db backup`).
 */
export const RUN_WITHOUT_A_DATABASE: ReadonlySet<string> = new Set([
  "db migrate",
  "db seed",
  "db restore",
  "db backup",
])

export type DataDirChoice =
  | { readonly kind: "server" }
  | {
      readonly kind: "embedded"
      /** The folder the CLI works on, absolute. */
      readonly dataDir: string
      /** Why this folder: the setting, `./data` here, or the project's `data`. */
      readonly source: "DATA_DIR" | "here" | "project"
      readonly hasDatabase: boolean
      /** The folders looked in, in order. */
      readonly looked: ReadonlyArray<string>
    }

/** The database the CLI works on, from the environment and the working folder (see above). */
export const chooseDataDir = (
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  projectDataDir: string = PROJECT_DATA_DIR,
  hasDatabase: (dataDir: string) => boolean = hasEmbeddedDatabase,
): DataDirChoice => {
  if ((env.DATABASE_URL?.trim() ?? "") !== "") return { kind: "server" }
  const set = env.DATA_DIR?.trim() ?? ""
  if (set !== "") {
    const dataDir = path.resolve(cwd, set)
    return {
      kind: "embedded",
      dataDir,
      source: "DATA_DIR",
      hasDatabase: hasDatabase(dataDir),
      looked: [dataDir],
    }
  }
  const here = path.resolve(cwd, DEFAULT_DATA_DIR)
  const project = path.resolve(projectDataDir)
  const looked = here === project ? [project] : [here, project]
  const found = looked.find(hasDatabase)
  return {
    kind: "embedded",
    dataDir: found ?? project,
    source: found === here && here !== project ? "here" : "project",
    hasDatabase: found !== undefined,
    looked,
  }
}

/** Why `command` does not run on a folder without a database, and how to point the CLI at the app's data. */
export const noDatabaseMessage = (
  choice: Extract<DataDirChoice, { kind: "embedded" }>,
  command: string,
): string =>
  choice.source === "DATA_DIR"
    ? `There is no Landunits database in ${choice.dataDir} (DATA_DIR), so \`${command}\` has nothing to work on; ` +
      "nothing was created there. Set DATA_DIR to the folder the app runs on (the one `npm start` uses: the " +
      "project's ./data unless the app's DATA_DIR says otherwise), or DATABASE_URL for a PostgreSQL server; " +
      "`landunits db migrate` makes a new, empty database in DATA_DIR."
    : `There is no Landunits database in ${choice.looked.join(" or in ")} (DATA_DIR is not set), so \`${command}\` ` +
      "has nothing to work on; nothing was created. Start the app once with `npm start` in the project (it makes " +
      "its database in the project's ./data), or point the CLI at the app's data: DATA_DIR=/path/to/data (the " +
      "folder the app runs on), or DATABASE_URL for a PostgreSQL server."
