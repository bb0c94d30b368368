/** `landunits recordings list [--member m] [--path p] [--from day] [--to day]`: session recordings, newest first. */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { normalizeRecordedPath } from "@landunits/core/recording/RecordedPaths.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import { Effect, Option } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

const DAY_MS = 86_400_000

const day = (option: string, value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? Effect.succeed(Date.parse(`${value}T00:00:00Z`))
    : Effect.fail(new AdminRefused({ message: `${option} must be a day, yyyy-mm-dd (got ${value})` }))

interface ListOptions {
  member?: string
  path?: string
  from?: string
  to?: string
}

export const recordingsList = (cli: Cli, o: ListOptions) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const member = o.member === undefined ? undefined : (yield* memberNamed(o.member)).memberId
      const from = o.from === undefined ? undefined : yield* day("--from", o.from)
      const to = o.to === undefined ? undefined : (yield* day("--to", o.to)) + DAY_MS
      if (from !== undefined && to !== undefined && to <= from) {
        return yield* new AdminRefused({ message: "--to must be on or after --from" })
      }
      const recordings = yield* (yield* RecordingService).list({
        ...(member === undefined ? {} : { memberId: member }),
        ...(o.path === undefined ? {} : { path: normalizeRecordedPath(o.path) }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      })
      // Each member once: their email, as admins know them.
      const accounts = yield* AccountRepository
      const emails = new Map<string, string>()
      for (const id of new Set(recordings.flatMap((r) => (r.memberId === undefined ? [] : [r.memberId])))) {
        const account = yield* accounts.get(id)
        emails.set(id, Option.match(account, { onNone: () => id, onSome: (a) => a.email }))
      }
      return recordings.map((r) => ({
        ...r,
        member: r.memberId === undefined ? undefined : emails.get(r.memberId),
      }))
    }),
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
