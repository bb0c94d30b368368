/**
 * `landunits orders confirm-payment <orderId>`: the buy is paid: its pending Units become owned (filled from the
 * sales queue, then issuance) and payouts are created. Above the threshold of its currency, a request a second
 * admin approves. The use case is core's (core/src/orders/OrdersAdmin.ts `confirmPayment`).
 */
import { type Cli, runOperation } from "../../Admin.ts"

/** Through the admin guard: the second factor, four eyes above the threshold. */
export const ordersConfirmPayment = (cli: Cli, orderId: string) => runOperation(cli, { orderId })
