/** How `db backup` and `db restore` end: the answer printed (text or --json), or the refusal on stderr with exit code 1. */
import { Cause, Exit } from "effect"
import { type Cli, ExitCode } from "../Admin.ts"
import { terminalSafeLines, toJson } from "./Output.ts"

export const finish = async <A>(
  cli: Cli,
  run: Promise<Exit.Exit<A, { readonly _tag: string; readonly message: string }>>,
  human: (a: A) => string,
  json: (a: A) => unknown,
): Promise<void> => {
  const exit = await run
  const asJson = cli.options().json
  if (Exit.isSuccess(exit)) {
    cli.io.out(asJson ? toJson(json(exit.value)) : terminalSafeLines(human(exit.value)))
    return
  }
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
  const refusal =
    failure?._tag === "Fail"
      ? { error: failure.error._tag, message: failure.error.message.replace(/^Refused: /, "") }
      : { error: "Defect", message: Cause.pretty(exit.cause) }
  cli.io.err(asJson ? toJson(refusal) : `Refused: ${terminalSafeLines(refusal.message)}`)
  cli.io.exitCode(ExitCode.refused)
}
