/**
 * Confirmation of destructive commands: `--yes` confirms; otherwise an interactive shell is asked (on
 * stderr, so --json output stays clean) and a non-interactive one (no TTY on stdin) is refused with a
 * clear message and its own exit code, so a script never changes something by accident.
 */
import * as readline from "node:readline/promises"
import { Effect, Schema } from "effect"

export class ConfirmationRequired extends Schema.TaggedError<ConfirmationRequired>()("ConfirmationRequired", {
  message: Schema.String,
}) {}

export class NotConfirmed extends Schema.TaggedError<NotConfirmed>()("NotConfirmed", {
  message: Schema.String,
}) {}

export interface ConfirmOptions {
  readonly yes: boolean
  /** Whether someone can answer; the default is whether stdin is a terminal. */
  readonly interactive?: () => boolean
  /** Asks the question and answers the reply (default: a prompt on stderr). */
  readonly ask?: (question: string) => Promise<string>
}

export const askOnTerminal = async (question: string) => {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr })
  try {
    return await rl.question(question)
  } finally {
    rl.close()
  }
}

/** Succeeds when the admin confirmed `what`; fails ConfirmationRequired or NotConfirmed otherwise. */
export const confirm = (what: string, options: ConfirmOptions) =>
  Effect.gen(function* () {
    if (options.yes) return
    const interactive = options.interactive ?? (() => process.stdin.isTTY === true)
    if (!interactive()) {
      return yield* new ConfirmationRequired({
        message: `${what}: this cannot be undone, and this shell cannot be asked. Re-run with --yes to confirm.`,
      })
    }
    const reply = yield* Effect.promise(() => (options.ask ?? askOnTerminal)(`${what}. Continue? [y/N] `))
    if (!/^y(es)?$/i.test(reply.trim())) {
      return yield* new NotConfirmed({ message: "Not confirmed: nothing was changed." })
    }
  })
