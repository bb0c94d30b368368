/**
 * The admin CLI's commands, one file each (`commands/<group>/<verb>.ts`), on a runtime given by the caller
 * (bin.ts: the configured database; tests: theirs). Global options: `--as <admin email>` (who acts),
 * `--json` (one JSON document on stdout, for scripts), `--yes` (confirm destructive commands).
 */
import { Command } from "commander"
import type { AppRuntime, Cli, GlobalOptions } from "./Admin.ts"
import { agentsApproveCommand } from "./commands/agents/approve.ts"
import { agentsListCommand } from "./commands/agents/list.ts"
import { agentsRejectCommand } from "./commands/agents/reject.ts"
import { auditShowCommand } from "./commands/audit/show.ts"
import { contentAddNewsCommand } from "./commands/content/add-news.ts"
import { contentAddVoteCommand } from "./commands/content/add-vote.ts"
import { contentCloseVoteCommand } from "./commands/content/close-vote.ts"
import { contentListCommand } from "./commands/content/list.ts"
import { contentLoadCommand } from "./commands/content/load.ts"
import { contentSetPageCommand } from "./commands/content/set-page.ts"
import { dbMigrateCommand } from "./commands/db/migrate.ts"
import { dbReconcileCommand } from "./commands/db/reconcile.ts"
import { dbSeedCommand } from "./commands/db/seed.ts"
import { dbStatusCommand } from "./commands/db/status.ts"
import { discountCodesCreateCommand } from "./commands/discount-codes/create.ts"
import { discountCodesDisableCommand } from "./commands/discount-codes/disable.ts"
import { discountCodesListCommand } from "./commands/discount-codes/list.ts"
import { kycApproveCommand } from "./commands/kyc/approve.ts"
import { kycExportDocumentsCommand } from "./commands/kyc/export-documents.ts"
import { kycListCommand } from "./commands/kyc/list.ts"
import { kycRejectCommand } from "./commands/kyc/reject.ts"
import { kycShowCommand } from "./commands/kyc/show.ts"
import { mailListCommand } from "./commands/mail/list.ts"
import { mailShowCommand } from "./commands/mail/show.ts"
import { ordersCancelCommand } from "./commands/orders/cancel.ts"
import { ordersConfirmPaymentCommand } from "./commands/orders/confirm-payment.ts"
import { ordersExpireDueCommand } from "./commands/orders/expire-due.ts"
import { ordersListCommand } from "./commands/orders/list.ts"
import { ordersMarkFundsReceivedCommand } from "./commands/orders/mark-funds-received.ts"
import { ordersShowCommand } from "./commands/orders/show.ts"
import { payoutsListCommand } from "./commands/payouts/list.ts"
import { payoutsMarkPaidCommand } from "./commands/payouts/mark-paid.ts"
import { payoutsMarkReadyCommand } from "./commands/payouts/mark-ready.ts"
import { pricingSetBankAccountCommand } from "./commands/pricing/set-bank-account.ts"
import { pricingSetCoinPriceCommand } from "./commands/pricing/set-coin-price.ts"
import { pricingSetExternalFeeCommand } from "./commands/pricing/set-external-fee.ts"
import { pricingSetFeesCommand } from "./commands/pricing/set-fees.ts"
import { pricingSetLandCommand } from "./commands/pricing/set-land.ts"
import { pricingSetPriceCommand } from "./commands/pricing/set-price.ts"
import { pricingSetRateCommand } from "./commands/pricing/set-rate.ts"
import { pricingShowCommand } from "./commands/pricing/show.ts"
import { salesQueueShowCommand } from "./commands/sales-queue/show.ts"
import { saleschatListCommand } from "./commands/saleschat/list.ts"
import { saleschatReplyCommand } from "./commands/saleschat/reply.ts"
import { saleschatShowCommand } from "./commands/saleschat/show.ts"
import { statementsExportCommand } from "./commands/statements/export.ts"
import { usersDisableCommand } from "./commands/users/disable.ts"
import { usersListCommand } from "./commands/users/list.ts"
import { usersMakeAdminCommand } from "./commands/users/make-admin.ts"
import { usersShowCommand } from "./commands/users/show.ts"

type Register = (group: Command, cli: Cli) => unknown

const GROUPS: ReadonlyArray<readonly [string, string, ReadonlyArray<Register>]> = [
  [
    "users",
    "members' accounts and roles",
    [usersListCommand, usersShowCommand, usersMakeAdminCommand, usersDisableCommand],
  ],
  [
    "kyc",
    "identity verification",
    [kycListCommand, kycShowCommand, kycExportDocumentsCommand, kycApproveCommand, kycRejectCommand],
  ],
  [
    "orders",
    "orders, their payments and expiry",
    [
      ordersListCommand,
      ordersShowCommand,
      ordersConfirmPaymentCommand,
      ordersMarkFundsReceivedCommand,
      ordersCancelCommand,
      ordersExpireDueCommand,
    ],
  ],
  ["sales-queue", "sell orders waiting for buyers", [salesQueueShowCommand]],
  ["payouts", "paying sellers", [payoutsListCommand, payoutsMarkReadyCommand, payoutsMarkPaidCommand]],
  ["statements", "members' statements", [statementsExportCommand]],
  [
    "pricing",
    "prices, fees, exchange rates, coin prices, land limits and bank accounts",
    [
      pricingShowCommand,
      pricingSetPriceCommand,
      pricingSetFeesCommand,
      pricingSetExternalFeeCommand,
      pricingSetRateCommand,
      pricingSetCoinPriceCommand,
      pricingSetLandCommand,
      pricingSetBankAccountCommand,
    ],
  ],
  [
    "discount-codes",
    "reference codes members use for a discount",
    [discountCodesCreateCommand, discountCodesListCommand, discountCodesDisableCommand],
  ],
  [
    "content",
    "the site's content",
    [
      contentListCommand,
      contentLoadCommand,
      contentAddNewsCommand,
      contentSetPageCommand,
      contentAddVoteCommand,
      contentCloseVoteCommand,
    ],
  ],
  [
    "agents",
    "community agents' applications",
    [agentsListCommand, agentsApproveCommand, agentsRejectCommand],
  ],
  [
    "saleschat",
    "members' sales chat with the sales team",
    [saleschatListCommand, saleschatShowCommand, saleschatReplyCommand],
  ],
  ["mail", "the outbox of emails", [mailListCommand, mailShowCommand]],
  ["audit", "the audit log of admin actions", [auditShowCommand]],
  [
    "db",
    "the database: schema, demo data, reconciliation",
    [dbMigrateCommand, dbStatusCommand, dbSeedCommand, dbReconcileCommand],
  ],
]

export const buildProgram = (runtime: () => AppRuntime) => {
  const program = new Command()
    .name("landunits")
    .description("Landunits administration: the same core as the app, on the same database")
    .option("--as <email>", "the admin who acts (default: LANDUNITS_ADMIN)")
    .option("--json", "print one JSON document on stdout (for scripts)")
    .option("-y, --yes", "confirm destructive commands (required in a non-interactive shell)")
    .showHelpAfterError()
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
  const options = (): GlobalOptions => {
    const o = program.opts<{ as?: string; json?: boolean; yes?: boolean }>()
    return { as: o.as ?? process.env.LANDUNITS_ADMIN, json: o.json === true, yes: o.yes === true }
  }
  const cli: Cli = { runtime, options }
  for (const [name, description, commands] of GROUPS) {
    const group = program.command(name).description(description)
    for (const register of commands) register(group, cli)
  }
  return program
}
