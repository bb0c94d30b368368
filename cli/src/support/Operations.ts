/**
 * The admin acting, as core's runner (core/src/access/AdminOperationRunner.ts) names them, and the use case of
 * every operation that may become a request: core's (core/src/access/AdminOperationHandlers.ts), each in its
 * context (`<Context>Admin.ts`). `runOperation` (cli/src/Admin.ts) and `approvals approve` hand them to the runner.
 */
import type { ActingAdmin } from "@landunits/core/access/AdminOperationRunner.ts"
import type { AdminOperator } from "./Operator.ts"

export {
  adminOperationHandlers as operationHandlers,
  isFourEyesOperation,
} from "@landunits/core/access/AdminOperationHandlers.ts"

/** The admin acting, as core's use cases name them. */
export const actingOf = (operator: AdminOperator): ActingAdmin => ({
  admin: {
    adminId: operator.orderActor.adminId,
    name: operator.orderActor.name,
    email: operator.orderActor.email,
  },
  via: "cli",
  osUser: operator.osUser,
})
