/**
 * DATA_DIR is private to the user the app runs as: the embedded database (password hashes, KYC details, the
 * encrypted passports, its write-ahead log), the mail folder (emails with live sign-in and reset links) and the
 * development keys. Folders are 0700 and files 0600; no other local user reads or writes any of it.
 *
 * - `usePrivateUmask`: the process creates every file and folder without group or other permissions (umask 077).
 *   The app and the admin CLI set it at start; PostgreSQL inside PGlite rewrites some files with the umask's mode.
 * - `makePrivate`: walks a folder (symbolic links are not followed) and takes group and other permissions off
 *   whatever has them; answers what it changed and what it could not change (not this user's).
 * - `securePrivateDataDir`: the start's check of DATA_DIR (adapters/src/app/Server.ts): creates it 0700 when
 *   missing, makes private what is not and logs which, and refuses to start when something is too open and this
 *   process cannot change it.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect, Schema } from "effect"

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
/** Creates files 0600 and folders 0700 (from the 0666 and 0777 Node asks for). */
export const PRIVATE_UMASK = 0o077

/** Sets this process's umask to PRIVATE_UMASK (a no-op where the platform cannot, as in a worker thread). */
export const usePrivateUmask = (): void => {
  try {
    process.umask(PRIVATE_UMASK)
  } catch {
    // Worker threads cannot change the process's umask; the files' own modes are still set where they are made.
  }
}

/** Whether group or others may read, write or enter it. */
export const isTooOpen = (mode: number): boolean => (mode & 0o077) !== 0

/**
 * The paths under `root` (itself included) that other local users may read, write or enter, relative to it
 * (`.` for the root), without changing anything (`landunits doctor`). Symbolic links are not followed.
 */
export const findOpen = (root: string): ReadonlyArray<string> => {
  const open: Array<string> = []
  const pending: Array<string> = [root]
  while (pending.length > 0) {
    const at = pending.pop()!
    let stat: fs.Stats
    try {
      stat = fs.lstatSync(at)
    } catch {
      continue
    }
    if (stat.isSymbolicLink()) continue
    if (isTooOpen(stat.mode)) open.push(path.relative(root, at) || ".")
    if (stat.isDirectory()) {
      try {
        for (const entry of fs.readdirSync(at)) pending.push(path.join(at, entry))
      } catch {
        // Not readable by this user.
      }
    }
  }
  return open.sort()
}

/** What `makePrivate` did: the paths it made private, and those too open that it could not change. */
export interface PrivateOutcome {
  readonly fixed: ReadonlyArray<string>
  readonly refused: ReadonlyArray<{ readonly path: string; readonly owner: number; readonly error: string }>
}

/**
 * Makes `root` and everything under it private: a folder too open becomes 0700, anything else 0600. Symbolic
 * links are neither followed nor changed. Something that vanishes while it is walked (a file being renamed) is
 * skipped.
 */
export const makePrivate = (root: string): PrivateOutcome => {
  const fixed: Array<string> = []
  const refused: Array<{ path: string; owner: number; error: string }> = []
  const pending: Array<string> = [root]
  while (pending.length > 0) {
    const at = pending.pop()!
    let stat: fs.Stats
    try {
      stat = fs.lstatSync(at)
    } catch {
      continue
    }
    if (stat.isSymbolicLink()) continue
    const isDirectory = stat.isDirectory()
    if (isTooOpen(stat.mode)) {
      try {
        fs.chmodSync(at, isDirectory ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE)
        fixed.push(at)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code !== "ENOENT") refused.push({ path: at, owner: stat.uid, error: code ?? String(error) })
      }
    }
    if (isDirectory) {
      try {
        for (const entry of fs.readdirSync(at)) pending.push(path.join(at, entry))
      } catch {
        // Gone, or not readable by this user: nothing in it is this process's to change.
      }
    }
  }
  return { fixed, refused }
}

/** DATA_DIR holds something other users may read or write, and this process cannot make it private. */
export class DataDirNotPrivate extends Schema.TaggedError<DataDirNotPrivate>()("DataDirNotPrivate", {
  message: Schema.String,
}) {}

/** How many paths a log line or a refusal names before it says how many more. */
const NAMED = 10

const named = (dataDir: string, paths: ReadonlyArray<string>) => {
  const shown = paths.slice(0, NAMED).map((p) => path.relative(dataDir, p) || ".")
  const more = paths.length - shown.length
  return `${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}`
}

const whoAmI = () => {
  const uid = process.getuid?.()
  return uid === undefined ? "this user" : `this user (uid ${uid})`
}

/**
 * The start's check of DATA_DIR: created 0700 when missing; whatever in it is open to other local users is made
 * private (folders 0700, files 0600) and a warning names it; when something cannot be changed (another user owns
 * it), the start is refused with a message that names it and says what to do.
 */
export const securePrivateDataDir = (dataDir: string) =>
  Effect.gen(function* () {
    const root = path.resolve(dataDir)
    const outcome = yield* Effect.sync(() => {
      fs.mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE })
      return makePrivate(root)
    })
    if (outcome.fixed.length > 0) {
      yield* Effect.logWarning(
        `DATA_DIR ${root}: made ${outcome.fixed.length} ${outcome.fixed.length === 1 ? "path" : "paths"} private ` +
          `(folders 0700, files 0600) that other local users could read or write: ${named(root, outcome.fixed)}`,
      )
    }
    if (outcome.refused.length > 0) {
      const owners = [...new Set(outcome.refused.map((r) => r.owner))].join(", ")
      return yield* new DataDirNotPrivate({
        message:
          `DATA_DIR ${root} holds ${outcome.refused.length} ${outcome.refused.length === 1 ? "path" : "paths"} ` +
          `that other local users can read or write and that ${whoAmI()} cannot make private, as it does not own ` +
          `them (owner uid ${owners}): ${named(
            root,
            outcome.refused.map((r) => r.path),
          )}. Run the app as the ` +
          `user that owns DATA_DIR, or give it that folder (chown -R) and make it private (chmod -R go-rwx).`,
      })
    }
  })
