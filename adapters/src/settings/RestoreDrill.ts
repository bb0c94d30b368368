/**
 * Restore drills (issue 39; docs/operations/backup-and-restore.md): a restored copy started to prove the backup,
 * with the production keys, must not speak for production. Started with DRILL=1, a process signs nothing with the
 * ledger key (no checkpoint: two different #N under one key would be in the public record; the drill's signer is
 * in security/LedgerSignerEd25519.ts), sends no email (they wait in the copy's outbox) and runs no job (no expiry,
 * unlock, export, purge or retention); it says so at start and in `landunits status` (its heartbeat row carries
 * `drill`).
 *
 * `landunits db restore --drill` marks the restored database (`restore_drill`, migration 2900; postgres/RestoreDrillMarkPg.ts): a start on a marked
 * database without DRILL=1 is refused, so a drill's copy never runs as production by a forgotten setting. A real
 * recovery restores without --drill.
 */
import { Config, Effect, Schema } from "effect"
import { drillMark } from "../postgres/RestoreDrillMarkPg.ts"

/** DRILL=1 (or true, yes): this process is a restore drill. */
export const isDrill = Config.Boolean("DRILL").pipe(Config.withDefault(false))

export const DRILL_ANNOUNCEMENT =
  "Restore drill (DRILL=1): this process signs no ledger checkpoint, sends no email (they wait in the outbox) and runs no job. Start without DRILL only a real recovery, restored without --drill."

/** A start on a drill's copy without DRILL=1, or DRILL=1 asked where it cannot hold. */
export class RestoreDrillRefused extends Schema.TaggedError<RestoreDrillRefused>()("RestoreDrillRefused", {
  message: Schema.String,
}) {}

/** Refuses a start without DRILL=1 on a drill's copy. */
export const requireDrillOnMarkedCopy = (drill: boolean) =>
  Effect.gen(function* () {
    const backup = yield* drillMark
    if (backup !== undefined && !drill)
      return yield* new RestoreDrillRefused({
        message: `This database is a restore drill's copy of ${backup} (landunits db restore --drill): start it with DRILL=1, which signs no checkpoint, sends no email and runs no job. A real recovery restores the backup without --drill.`,
      })
  })
