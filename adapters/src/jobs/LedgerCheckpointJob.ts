/**
 * The ledger checkpoint job (issue 21, docs/ledger.md §10), run by every app process beside the HTTP server and
 * the order jobs: at start and then every LEDGER_CHECKPOINT_INTERVAL_MINUTES (default 60), a signed checkpoint
 * when the ledger or the audit log grew since the last one, or when the last is a day old, so there is one at
 * least daily and a new transfer is in one within the interval. Processes that look at the same moment write
 * one checkpoint: the number is taken once (LedgerCheckpoints.append), the others read it.
 *
 * A refusal (the ledger no longer continues the last checkpoint) is logged as an error on every run until an
 * operator looks (`landunits ledger verify` names the row); a failed run never stops the next.
 */
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { Config, Duration, Effect, Layer, Option, Schedule, Schema } from "effect"
import { recordedRun } from "./JobRuns.ts"

export const DEFAULT_CHECKPOINT_INTERVAL_MINUTES = 60

/** `LEDGER_CHECKPOINT_INTERVAL_MINUTES`: minutes between looks, a whole number from 1 to 1440 (default 60). */
export const checkpointInterval = Config.schema(
  Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 24 * 60 })),
  "LEDGER_CHECKPOINT_INTERVAL_MINUTES",
).pipe(Config.withDefault(DEFAULT_CHECKPOINT_INTERVAL_MINUTES), Config.map(Duration.minutes))

export const CHECKPOINT_JOB = "ledger-checkpoint"

/** One look, now: the checkpoint taken, if one was due; recorded as a run of a job every `every` (JobRuns.ts). */
export const runCheckpointJobRound = (every: Duration.Input) =>
  Effect.gen(function* () {
    const checkpoints = yield* LedgerCheckpointService
    const taken = yield* checkpoints.takeIfDue.pipe(
      recordedRun(CHECKPOINT_JOB, every, (t) =>
        Option.match(t, {
          onNone: () => "nothing new since the last checkpoint",
          onSome: ({ taken, checkpoint }) =>
            taken
              ? `checkpoint #${checkpoint.number} taken (${checkpoint.treeSize} transfers)`
              : `checkpoint #${checkpoint.number} taken by another process`,
        }),
      ),
      Effect.catchTag("CheckpointRefused", (refused) =>
        Effect.as(
          Effect.logError(
            `The ledger checkpoint was not signed: ${refused.message}. Run landunits ledger verify.`,
          ),
          Option.none(),
        ),
      ),
    )
    if (Option.isSome(taken) && taken.value.taken) {
      const c = taken.value.checkpoint
      yield* Effect.logInfo(`Ledger checkpoint #${c.number}: ${c.treeSize} transfers, root ${c.merkleRoot}`)
    }
    return taken
  })

/** Looks at once and then every `every`, forever; whatever escapes a run is logged and the loop goes on. */
export const runCheckpointJob = (every: Duration.Input) =>
  runCheckpointJobRound(every).pipe(
    Effect.catchCause((cause) => Effect.logError("The ledger checkpoint job's run failed", cause)),
    Effect.repeat(Schedule.spaced(every)),
    Effect.asVoid,
  )

/** The job as a layer: forked in the layer's scope, so it stops with the server. */
export const LedgerCheckpointJobLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const every = yield* checkpointInterval
    yield* Effect.forkScoped(runCheckpointJob(every))
  }),
)
