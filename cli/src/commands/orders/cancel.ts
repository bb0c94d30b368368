/**
 * `landunits orders cancel <orderId> --reason …`: an unpaid buy, or the unsold rest of a sell, cancelled for the
 * member. Above the threshold of its currency, a request a second admin approves. The use case is core's
 * (core/src/orders/OrdersAdmin.ts `cancelOrder`).
 */
import { type Cli, runOperation } from "../../Admin.ts"

/** Through the admin guard: the second factor, four eyes above the threshold. */
export const ordersCancel = (cli: Cli, orderId: string, o: { reason: string }) =>
  runOperation(cli, { orderId, reason: o.reason })
