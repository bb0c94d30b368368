/** `landunits recordings …`: each command's name, arguments, options and help; its action imports `recordings/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const recordingsCommands = (recordings: Command, cli: Cli) => {
  recordings
    .command("list")
    .description("list session recordings, newest first, by member, page and start day")
    .option("--member <member>", "a member's email or member id")
    .option("--path <path>", "recordings that visited this page, e.g. /statistics")
    .option("--from <day>", "started on or after this day, yyyy-mm-dd (UTC)")
    .option("--to <day>", "started on or before this day, yyyy-mm-dd (UTC)")
    .action(async (o) => (await import("./recordings/list.ts")).recordingsList(cli, o))
  recordings
    .command("export <id>")
    .description("write a recording as one self-contained HTML replay to open in a browser (audited)")
    .requiredOption("--to <file>", "the HTML file to write (never overwritten)")
    .action(async (id, o) => (await import("./recordings/export.ts")).recordingsExport(cli, id, o))
}
