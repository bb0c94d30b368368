/**
 * `landunits approvals set-threshold <currency> <minorUnits>`: money moves of that currency above it need a
 * second admin. Lowering it applies at once (it only asks for more approvals); raising it is itself a request
 * a second admin approves, or a stolen admin account could raise it and then move money alone. The use case is
 * core's (core/src/approvals/ApprovalsAdmin.ts `setThreshold`).
 */
import { type Cli, runOperation } from "../../Admin.ts"

/** Through the admin guard: the second factor; a raise is a request. */
export const approvalsSetThreshold = (cli: Cli, currency: string, minorUnits: string) =>
  runOperation(cli, { currency, minorUnits })
