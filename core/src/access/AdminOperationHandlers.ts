/**
 * The use case of every admin operation that may become a request, by name (AdminOperations.ts): what core's
 * runner (AdminOperationRunner.ts) runs at once or files, and what approving a request applies. Each lives in its
 * context (`<Context>Admin.ts`); the record must name every such operation, so a new one without its use case is
 * a type error.
 */
import { makeAdmin } from "../accounts/MembersAdmin.ts"
import { ApprovalsAdminOperations } from "../approvals/ApprovalsAdmin.ts"
import { CreditNotesAdminOperations } from "../invoices/CreditNotesAdmin.ts"
import { InvoiceSettingsAdminOperations } from "../invoices/InvoiceSettingsAdmin.ts"
import { OrdersAdminOperations } from "../orders/OrdersAdmin.ts"
import { PayoutsAdminOperations } from "../orders/PayoutsAdmin.ts"
import { DiscountCodesAdminOperations } from "../pricing/DiscountCodesAdmin.ts"
import { PricingAdminOperations } from "../pricing/PricingAdmin.ts"
import type { OperationHandlers } from "./AdminOperationRunner.ts"
import { type FourEyesOperation, fourEyesOperations } from "./AdminOperations.ts"

export const adminOperationHandlers = {
  ...PricingAdminOperations,
  ...OrdersAdminOperations,
  ...PayoutsAdminOperations,
  "users.makeAdmin": makeAdmin,
  ...DiscountCodesAdminOperations,
  ...ApprovalsAdminOperations,
  ...InvoiceSettingsAdminOperations,
  ...CreditNotesAdminOperations,
} as const satisfies OperationHandlers

export const isFourEyesOperation = (name: string): name is FourEyesOperation =>
  (fourEyesOperations as ReadonlyArray<string>).includes(name)
