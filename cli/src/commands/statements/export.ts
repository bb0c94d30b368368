/** `landunits statements export <email> --from yyyy-mm-dd --to yyyy-mm-dd [--format csv] --out <file>`: a member's statement, for support or an auditor. Audited. */
import { writeFileSync } from "node:fs"
import { memberStatement } from "@landunits/adapters/statements/MemberStatement.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { StatementRequest } from "@landunits/core/statements/StatementRequest.ts"
import type { Command } from "commander"
import { Effect, Option, Schema } from "effect"
import { AdminRefused, type AppRuntime, adminNamed, audit, runCommand } from "../../Admin.ts"

export const statementExportCommand = (
  statements: Command,
  runtime: () => AppRuntime,
  admin: () => string | undefined,
) =>
  statements
    .command("export <email>")
    .description("write a member's statement for a period to a file (PDF, or CSV with --format csv)")
    .requiredOption("--from <day>", "first day, yyyy-mm-dd")
    .requiredOption("--to <day>", "last day, yyyy-mm-dd")
    .option("--format <format>", "pdf or csv", "pdf")
    .requiredOption("--out <file>", "where to write it")
    .action((email: string, options: { from: string; to: string; format: string; out: string }) =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          const actor = yield* adminNamed(admin())
          const request = yield* Schema.decodeUnknownEffect(StatementRequest)({
            fromDate: options.from,
            toDate: options.to,
            format: options.format,
          }).pipe(Effect.mapError((e) => new AdminRefused({ message: e.message })))
          const found = yield* (yield* AccountRepository).findByEmail(email)
          if (Option.isNone(found))
            return yield* new AdminRefused({ message: `No member has the email ${email}` })
          const file = yield* memberStatement(
            found.value.memberId,
            { from: request.fromDate, to: request.toDate },
            request.format,
          )
          writeFileSync(options.out, file.bytes)
          yield* audit(actor, "statements.export", `member:${found.value.memberId}`, {
            from: request.fromDate,
            to: request.toDate,
          })
          return file
        }),
        (f) => `Wrote ${f.bytes.length} bytes (${f.contentType}) to ${options.out}`,
      ),
    )
