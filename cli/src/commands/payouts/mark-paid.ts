/**
 * `landunits payouts mark-paid <payoutId>`: the seller has been paid (AUD: mark-ready first); asks first unless
 * --yes. Audited. Above the threshold of its currency, a request a second admin approves. The use case is core's
 * (core/src/orders/PayoutsAdmin.ts `markPayoutPaid`).
 */
import { type Cli, runOperation } from "../../Admin.ts"

/** Through the admin guard: the second factor, four eyes above the threshold. */
export const payoutsMarkPaid = (cli: Cli, payoutId: string) => runOperation(cli, { payoutId })
