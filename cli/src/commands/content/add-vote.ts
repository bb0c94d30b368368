/**
 * `landunits content add-vote <file.json>`: opens a governance vote, with its quiz, from a JSON file
 * ({ title, description, opensAt, closesAt (ISO instants), quiz: [{ questionId, question, options, rightOptionId }] }).
 * GovernanceService checks it and audits the creation.
 */
import { readFileSync } from "node:fs"
import { NewVote } from "@landunits/core/governance/GovernanceModel.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { Effect, Schema } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"

const instant = (value: unknown) => (typeof value === "string" ? Date.parse(value) : value)

export const contentAddVote = (cli: Cli, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const raw = yield* Effect.try({
        try: () => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>,
        catch: (e) => new AdminRefused({ message: `Could not read ${file}: ${(e as Error).message}` }),
      })
      const vote = yield* Schema.decodeUnknownEffect(NewVote)({
        ...raw,
        opensAt: instant(raw.opensAt),
        closesAt: instant(raw.closesAt),
        quiz: raw.quiz ?? [],
      }).pipe(
        Effect.mapError((e) => new AdminRefused({ message: `${file} is not a valid vote: ${e.message}` })),
      )
      return yield* (yield* GovernanceService).createVote(operator.actor, vote)
    }),
    (v) => `Created the vote ${v.voteId}: ${v.title}`,
  )
