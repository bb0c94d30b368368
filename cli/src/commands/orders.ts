/** `landunits orders …`: each command's name, arguments, options and help; its action imports `orders/<verb>.ts` (and the app) only when it runs. */
import { UnitTypeFilters } from "@landunits/core/shared/EnumValues.ts"
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const ordersCommands = (orders: Command, cli: Cli) => {
  orders
    .command("list")
    .description("list orders with the API's filters, newest first, one page at a time")
    .option("--member <member>", "one member's orders (email or member id), and transfers they received")
    .option("--status <status>", "orderStatus, e.g. PaymentSent")
    .option("--type <type>", "BUY, SELL, TRANSFER or CONVERT")
    .option("--unit-type <unitType>", UnitTypeFilters.join(", "))
    .option("--method <method>", "paymentMethod: card-stripe, card-square, crypto, bank")
    .option("--from <day>", "created on or after, yyyy-mm-dd")
    .option("--to <day>", "created on or before, yyyy-mm-dd")
    .option("--sort <field>", "createdAt, updatedAt, orderStatus, orderType or paymentAmount")
    .option("--direction <direction>", "asc or desc")
    .option("--page <n>", "page number, from 1", "1")
    .option("--page-size <n>", "orders per page, 1 to 100", "50")
    .action(async (o) => (await import("./orders/list.ts")).ordersList(cli, o))
  orders
    .command("show <orderId>")
    .description(
      "show one order: amounts, payment, its timeline (each status change: when, from → to, who, why) and the payouts it created or owes",
    )
    .action(async (orderId) => (await import("./orders/show.ts")).ordersShow(cli, orderId))
  orders
    .command("confirm-payment <orderId>")
    .description(
      "the buy is paid: release its pending Units to owned and create the sellers' payouts; asks first unless --yes",
    )
    .action(async (orderId) =>
      (await import("./orders/confirm-payment.ts")).ordersConfirmPayment(cli, orderId),
    )
  orders
    .command("mark-funds-received <orderId>")
    .description("a bank order's money is on the platform's account (FundsWaitingApproval)")
    .action(async (orderId) =>
      (await import("./orders/mark-funds-received.ts")).ordersMarkFundsReceived(cli, orderId),
    )
  orders
    .command("cancel <orderId>")
    .description(
      "cancel an unpaid buy, or the unsold rest of a sell, for the member; asks first unless --yes",
    )
    .requiredOption(
      "--reason <text>",
      "why (kept in the audit log, and shown to the member on the order's timeline)",
    )
    .action(async (orderId, o) => (await import("./orders/cancel.ts")).ordersCancel(cli, orderId, o))
  orders
    .command("expire-due")
    .description("expire unpaid buys past their window and release their Units; asks first unless --yes")
    .action(async () => (await import("./orders/expire-due.ts")).ordersExpireDue(cli))
}
