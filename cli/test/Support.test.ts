/** The CLI's shared pieces: confirmation of destructive commands, the progress bar, tables, and every command's --help. */
import { describe, expect, it } from "@effect/vitest"
import type { Command } from "commander"
import { Effect } from "effect"
import { buildProgram } from "../src/Program.ts"
import { confirm } from "../src/support/Confirm.ts"
import { table } from "../src/support/Output.ts"
import { progress, progressLine } from "../src/support/Progress.ts"

const outcome = (effect: Effect.Effect<void, { readonly _tag: string }>) =>
  Effect.match(effect, { onFailure: (e) => e._tag, onSuccess: () => "confirmed" })

describe("confirming a destructive command", () => {
  it.effect(
    "--yes confirms without asking; a non-interactive shell is refused; an interactive one is asked and must say yes",
    () =>
      Effect.gen(function* () {
        const asked: Array<string> = []
        const ask = (reply: string) => async (question: string) => {
          asked.push(question)
          return reply
        }
        expect(yield* outcome(confirm("Cancel X", { yes: true, interactive: () => false }))).toBe("confirmed")
        expect(
          yield* outcome(confirm("Cancel X", { yes: false, interactive: () => false, ask: ask("y") })),
        ).toBe("ConfirmationRequired")
        expect(asked).toEqual([])
        expect(
          yield* outcome(confirm("Cancel X", { yes: false, interactive: () => true, ask: ask("yes") })),
        ).toBe("confirmed")
        expect(
          yield* outcome(confirm("Cancel X", { yes: false, interactive: () => true, ask: ask("") })),
        ).toBe("NotConfirmed")
        expect(
          yield* outcome(confirm("Cancel X", { yes: false, interactive: () => true, ask: ask("nope") })),
        ).toBe("NotConfirmed")
        expect(asked).toEqual([
          "Cancel X. Continue? [y/N] ",
          "Cancel X. Continue? [y/N] ",
          "Cancel X. Continue? [y/N] ",
        ])
      }),
  )
})

describe("the progress bar", () => {
  it("draws on a terminal only, and only for more than one item", () => {
    const written: Array<string> = []
    const tty = { isTTY: true, write: (s: string) => written.push(s) }
    const bar = progress("Statements", 2, tty)
    bar.tick()
    bar.tick()
    bar.done()
    expect(written.join("")).toBe(
      `\r${progressLine("Statements", 0, 2)}\r${progressLine("Statements", 1, 2)}\r${progressLine("Statements", 2, 2)}\n`,
    )
    expect(progressLine("S", 1, 2)).toBe(`S [${"#".repeat(15)}${".".repeat(15)}] 1/2`)
    const piped: Array<string> = []
    const quiet = progress("Statements", 10, { isTTY: false, write: (s: string) => piped.push(s) })
    quiet.tick()
    quiet.done()
    progress("Statements", 1, { isTTY: true, write: (s: string) => piped.push(s) }).tick()
    expect(piped).toEqual([])
  })
})

describe("tables", () => {
  it("aligns columns under a header, shows a dash for nothing, and says so when there are no rows", () => {
    expect(
      table(
        [
          { a: "x", b: 1 },
          { a: "longer", b: undefined },
        ],
        ["a", "b"],
        "none",
      ),
    ).toBe("a       b\nx       1\nlonger  -")
    expect(table([], ["a"], "Nothing here.")).toBe("Nothing here.")
  })
})

describe("every command", () => {
  it("has a description and a --help that shows its options and the global --as, --json and --yes", () => {
    const program = buildProgram(async () => {
      throw new Error("--help opens no database")
    }) as Command
    const commands = program.commands.flatMap((group) =>
      group.commands.map((c) => [group.name(), c] as const),
    )
    expect(commands.length).toBeGreaterThanOrEqual(40)
    for (const [group, command] of commands) {
      expect(command.description(), `${group} ${command.name()}`).not.toBe("")
      const help = command.helpInformation()
      expect(help).toContain(`Usage: landunits ${group} ${command.name()}`)
      for (const global of ["--as <email>", "--json", "--yes"])
        expect(help, `${group} ${command.name()}`).toContain(global)
    }
  })
})
