/**
 * `landunits recordings export <id> --to file.html`: one recording as a self-contained HTML replay (rrweb-player
 * inlined: RecordingReplay.ts), written private (0600) and never over an existing file. Every export is audited
 * (`recordings.export`, with the file, the member and the event count).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { replayHtml } from "@landunits/adapters/recording/RecordingReplay.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { RecordingId } from "@landunits/core/recording/RecordingModel.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import { Effect, Option } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

export const recordingsExport = (cli: Cli, id: string, o: { to: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const recordingId = yield* optionValue(RecordingId, "The recording id", id)
      const recording = yield* (yield* RecordingService).find(recordingId)
      const memberId = recording.summary.memberId
      const member =
        memberId === undefined
          ? undefined
          : Option.match(yield* (yield* AccountRepository).get(memberId), {
              onNone: () => memberId,
              onSome: (a) => a.email,
            })
      const file = path.resolve(o.to)
      const html = replayHtml(recording, { member })
      yield* Effect.try({
        try: () => fs.writeFileSync(file, html, { flag: "wx", mode: 0o600 }),
        catch: (e) => new AdminRefused({ message: `Cannot write ${file}: ${(e as Error).message}` }),
      })
      yield* audit(operator, "recordings.export", `recording:${recordingId}`, {
        file,
        member: memberId ?? "guest",
        events: String(recording.summary.events),
      })
      return { recordingId, file, events: recording.summary.events, bytes: Buffer.byteLength(html) }
    }),
    (r) => `Wrote the replay of ${r.recordingId} (${r.events} events) to ${r.file}: open it in a browser.`,
  )
