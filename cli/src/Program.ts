/** The admin CLI's commands, on a runtime given by the caller (bin.ts: the configured database; tests: theirs). */
import { Command } from "commander"
import type { AppRuntime } from "./Admin.ts"
import { contentLoadCommand } from "./commands/content/load.ts"
import { migrateCommand } from "./commands/db/migrate.ts"
import { kycDecideCommands } from "./commands/kyc/decide.ts"
import { kycPendingCommand } from "./commands/kyc/pending.ts"
import { orderPaymentCommands } from "./commands/orders/payments.ts"
import { payoutCommands } from "./commands/payouts/pay.ts"
import { statementExportCommand } from "./commands/statements/export.ts"
import { makeAdminCommand } from "./commands/users/make-admin.ts"

export const buildProgram = (runtime: () => AppRuntime) => {
  const program = new Command()
    .name("landunits")
    .description("Landunits administration: the same core as the app, on the same database")
    .option("--as <email>", "the admin who acts (default: LANDUNITS_ADMIN)")
    .showHelpAfterError()
    .exitOverride()
  const admin = () => (program.opts().as as string | undefined) ?? process.env.LANDUNITS_ADMIN

  migrateCommand(program.command("db").description("the database: schema migrations"))
  makeAdminCommand(program.command("users").description("members' roles"), runtime)
  const kyc = program.command("kyc").description("identity verification")
  kycPendingCommand(kyc, runtime, admin)
  kycDecideCommands(kyc, runtime, admin)
  orderPaymentCommands(program.command("orders").description("payments and expiry of orders"), runtime, admin)
  payoutCommands(program.command("payouts").description("paying sellers"), runtime, admin)
  statementExportCommand(program.command("statements").description("members' statements"), runtime, admin)
  contentLoadCommand(program.command("content").description("the site's content"), runtime, admin)
  return program
}
