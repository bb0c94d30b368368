/**
 * The admin CLI's command tree, on a runtime given by the caller (bin.ts: the configured database; tests:
 * theirs). Global options: `--as <admin email>` (who acts), `--json` (one JSON document on stdout, for
 * scripts), `--yes` (confirm destructive commands).
 *
 * Each group's commands are declared in `commands/<group>.ts` (names, arguments, options, help: commander
 * only), and each command's work is in `commands/<group>/<verb>.ts`, which its action imports when it runs.
 * So `--help` and argument errors load commander and nothing else: not Effect, core or the adapters.
 */
import type { AdminOperationName } from "@landunits/core/access/AdminOperations.ts"
import { Command } from "commander"
import type { Cli, CommandRunner, GlobalOptions } from "./Admin.ts"
import { agentsCommands } from "./commands/agents.ts"
import { approvalsCommands } from "./commands/approvals.ts"
import { auditCommands } from "./commands/audit.ts"
import { contentCommands } from "./commands/content.ts"
import { dbCommands } from "./commands/db.ts"
import { discountCodesCommands } from "./commands/discount-codes.ts"
import { doctorCommand } from "./commands/doctor.ts"
import { documentsCommands } from "./commands/documents.ts"
import { invoicesCommands } from "./commands/invoices.ts"
import { kycCommands } from "./commands/kyc.ts"
import { ledgerCommands } from "./commands/ledger.ts"
import { mailCommands } from "./commands/mail.ts"
import { ordersCommands } from "./commands/orders.ts"
import { payoutsCommands } from "./commands/payouts.ts"
import { pricingCommands } from "./commands/pricing.ts"
import { recordingsCommands } from "./commands/recordings.ts"
import { salesQueueCommands } from "./commands/sales-queue.ts"
import { saleschatCommands } from "./commands/saleschat.ts"
import { statementsCommands } from "./commands/statements.ts"
import { statusCommand } from "./commands/status.ts"
import { usersCommands } from "./commands/users.ts"
import { type CliIo, CONSOLE_IO } from "./support/CliIo.ts"

type Register = (group: Command, cli: Cli) => unknown

const GROUPS: ReadonlyArray<readonly [string, string, Register]> = [
  ["users", "members' accounts and roles", usersCommands],
  ["kyc", "identity verification", kycCommands],
  [
    "documents",
    "KYC documents and data exports sealed under DOCUMENT_KEY: re-seal them after a key rotation",
    documentsCommands,
  ],
  ["orders", "orders, their payments and expiry", ordersCommands],
  ["sales-queue", "sell orders waiting for buyers", salesQueueCommands],
  ["payouts", "paying sellers", payoutsCommands],
  ["approvals", "four eyes: requests a second admin approves, and the thresholds", approvalsCommands],
  ["statements", "members' statements", statementsCommands],
  ["invoices", "invoices and credit notes of buy orders, payout statements of sales", invoicesCommands],
  ["ledger", "the ledger's hash chains and balances: verify them", ledgerCommands],
  ["pricing", "prices, fees, exchange rates, coin prices, land limits and bank accounts", pricingCommands],
  ["discount-codes", "reference codes members use for a discount", discountCodesCommands],
  ["content", "the site's content", contentCommands],
  ["agents", "community agents' applications", agentsCommands],
  ["saleschat", "members' sales chat with the sales team", saleschatCommands],
  ["mail", "the outbox of emails", mailCommands],
  ["recordings", "session recordings: list them, export one as an HTML replay", recordingsCommands],
  ["audit", "the audit log of admin actions", auditCommands],
  ["db", "the database: schema, demo data, backups, reconciliation", dbCommands],
]

/** A command's path below the program: `["pricing", "set-rate"]`. */
export const commandPathOf = (command: Command): ReadonlyArray<string> => {
  const path: Array<string> = []
  for (let c: Command | null = command; c?.parent != null; c = c.parent) path.unshift(c.name())
  return path
}

/** Where a program's answers go, and who acts when `--as` is not given (this shell's LANDUNITS_ADMIN). */
export interface ProgramSettings {
  readonly io?: CliIo
  readonly defaultAdmin?: string | undefined
}

export const buildProgram = (
  runtime: () => Promise<CommandRunner>,
  { io = CONSOLE_IO, defaultAdmin = process.env.LANDUNITS_ADMIN }: ProgramSettings = {},
) => {
  const program = new Command()
    .name("landunits")
    .description("Landunits administration: the same core as the app, on the same database")
    .option("--as <email>", "the admin who acts (default: LANDUNITS_ADMIN)")
    .option("--json", "print one JSON document on stdout (for scripts)")
    .option("-y, --yes", "confirm destructive commands (required in a non-interactive shell)")
    .option(
      "--otp <code>",
      "a code of your authenticator app, for the commands that move money (asked on a terminal)",
    )
    .showHelpAfterError()
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
  // Commander's own words (help, a usage error) go where the answers go; its subcommands inherit this.
  if (io !== CONSOLE_IO) {
    program.configureOutput({
      writeOut: (text) => io.out(text.replace(/\n$/, "")),
      writeErr: (text) => io.err(text.replace(/\n$/, "")),
    })
  }
  const options = (): GlobalOptions => {
    const o = program.opts<{ as?: string; json?: boolean; yes?: boolean; otp?: string }>()
    return { as: o.as ?? defaultAdmin, json: o.json === true, yes: o.yes === true, otp: o.otp }
  }
  // The one place every command goes through: before its action, its path names its operation in the admin table
  // (core/src/access/AdminOperations.ts); a command without an entry does not run. runCommand/runOperation
  // (Admin.ts) apply the class's guard.
  let operation: AdminOperationName | undefined
  const cli: Cli = { runtime, options, io, operation: () => operation }
  program.hook("preAction", async (_program, action) => {
    // Imported here, so --help and argument errors still load nothing of core (Help.test.ts).
    const { isAdminOperation, operationNameOf } = await import("@landunits/core/access/AdminOperations.ts")
    const name = operationNameOf(commandPathOf(action))
    if (!isAdminOperation(name)) {
      throw new Error(`${commandPathOf(action).join(" ")} has no class in core/src/access/AdminOperations.ts`)
    }
    operation = name
  })
  statusCommand(program, cli)
  doctorCommand(program, cli)
  for (const [name, description, register] of GROUPS)
    register(program.command(name).description(description), cli)
  return program
}
