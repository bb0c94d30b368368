/**
 * `landunits approvals set-threshold <currency> <minorUnits>`: money moves of that currency above it need a
 * second admin. Lowering it applies at once (it only asks for more approvals); raising it is itself a request
 * a second admin approves, or a stolen admin account could raise it and then move money alone.
 */
import { type Cli, runOperation } from "../../Admin.ts"

/** Through the admin guard: the second factor; a raise is a request (cli/src/support/Operations.ts). */
export const approvalsSetThreshold = (cli: Cli, currency: string, minorUnits: string) =>
  runOperation(cli, { currency, minorUnits })
