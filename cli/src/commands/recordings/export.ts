/**
 * `landunits recordings export <id> --to file.html`: one recording as a self-contained HTML replay (rrweb-player
 * inlined: RecordingReplay.ts), written private (0600) and never over an existing file. Every export is audited
 * (`recordings.export`, with the file, the member and the event count): core's use case,
 * core/src/recording/RecordingsAdmin.ts `exportRecording`; this command renders the file and writes it.
 *
 * Allowed an adapter (cli/test/ThinCommands.test.ts): the replay's renderer, RecordingReplay.ts, which inlines
 * rrweb-player's files from the installed package: a file format, not a use case.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { replayHtml } from "@landunits/adapters/recording/RecordingReplay.ts"
import { exportRecording } from "@landunits/core/recording/RecordingsAdmin.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const recordingsExport = (cli: Cli, id: string, o: { to: string }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      exportRecording(actingOf(operator), id, (recording, member) => {
        const file = path.resolve(o.to)
        const html = replayHtml(recording, { member })
        return Effect.try({
          try: () => {
            fs.writeFileSync(file, html, { flag: "wx", mode: 0o600 })
            return { file, bytes: Buffer.byteLength(html) }
          },
          catch: (e) => new AdminRefused({ message: `Cannot write ${file}: ${(e as Error).message}` }),
        })
      }),
    ),
    (r) => `Wrote the replay of ${r.recordingId} (${r.events} events) to ${r.file}: open it in a browser.`,
  )
