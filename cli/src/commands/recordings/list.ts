/** `landunits recordings list [--member m] [--path p] [--from day] [--to day]`: session recordings, newest first. */
import { listRecordings } from "@landunits/core/recording/RecordingsAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

interface ListOptions {
  member?: string
  path?: string
  from?: string
  to?: string
}

export const recordingsList = (cli: Cli, o: ListOptions) =>
  runCommand(
    cli,
    Effect.andThen(requireAdmin(cli.options().as), listRecordings(o)),
    (recordings) =>
      table(
        recordings.map((r) => ({
          id: r.recordingId,
          started: instant(r.startedAt),
          last: instant(r.lastAt),
          member: r.member ?? "guest",
          pages: r.paths.join(" "),
          events: r.events,
          kib: Math.ceil(r.storedBytes / 1024),
        })),
        ["id", "started", "last", "member", "pages", "events", "kib"],
        "No recording matches.",
      ),
    (recordings) => ({ recordings }),
  )
