/** `landunits users make-admin <email>`: gives a member the admin role (the first admin is made this way). */

import { adminActor } from "@landunits/core/access/AccessModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import type { Command } from "commander"
import { Effect, Option } from "effect"
import { AdminRefused, type AppRuntime, audit, runCommand } from "../../Admin.ts"

export const makeAdminCommand = (users: Command, runtime: () => AppRuntime) =>
  users
    .command("make-admin <email>")
    .description("give a member the admin role")
    .action((email: string) =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          const accounts = yield* AccountRepository
          const found = yield* accounts.findByEmail(email)
          if (Option.isNone(found))
            return yield* new AdminRefused({ message: `No member has the email ${email}` })
          yield* accounts.update({ ...found.value, role: "admin" })
          yield* audit(
            adminActor(found.value.memberId),
            "users.makeAdmin",
            `member:${found.value.memberId}`,
            { via: "cli" },
          )
          return found.value
        }),
        (a) => `${a.email} is now an admin.`,
      ),
    )
