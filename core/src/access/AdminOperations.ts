/**
 * Who may do what, on the admin side (issue 37): every admin operation, by name, with its class. The guard
 * follows from the class, in one place (the CLI's program runs every command through it: cli/src/Program.ts
 * and cli/src/Admin.ts `runCommand`/`runOperation`); a command without an entry here does not run, and a test
 * walks the CLI's commands against this table (cli/test/AdminOperations.test.ts).
 *
 * - `read`: changes nothing (lists, shows, exports of what an admin may read). The admin names themself (`--as`).
 * - `operation`: changes something, but does not redirect money or power: content, KYC decisions, a status move
 *   that moves no money (funds received, a payout ready), mail, recordings, keys, the database's own upkeep.
 *   Also the kill switches, which only take something away and must work at once: disabling a discount code or
 *   a member, rejecting a request.
 * - `money-or-power`: moves money, changes where money goes or how much of it, or who may act. It takes the
 *   admin's second factor (a fresh code: `--otp`, or asked on a terminal; in production always) and four eyes
 *   by its rule:
 *   - `by-threshold`: a second admin when the amount is above its currency's threshold (core/src/approvals);
 *   - `always`: a second admin whenever two admin accounts exist (bank accounts, rates, fees, land values,
 *     coin prices, prices, discount codes, roles);
 *   - `when-raised`: a threshold: raising it lets larger moves run alone, so it is a request; lowering only
 *     asks for more approvals and applies at once;
 *   - `approver`: approving a request is itself the second admin's act (it runs the request's change).
 *
 * The name is the CLI's command path in camelCase (`pricing set-rate` → `pricing.setRate`), and the audit log's
 * and a request's name for it. Four eyes' requests name these operations (ApprovalModel.ts `GatedCommands`).
 */

export type FourEyesRule = "by-threshold" | "always" | "when-raised" | "approver"

export type AdminOperationRule =
  | { readonly class: "read" | "operation" }
  | {
      readonly class: "money-or-power"
      readonly fourEyes: FourEyesRule
      /** What the admin is doing, as the second factor's prompt and refusal say it ("Setting a price"). */
      readonly what: string
    }

const read = { class: "read" } as const
const operation = { class: "operation" } as const
const always = (what: string) => ({ class: "money-or-power", fourEyes: "always", what }) as const
const byThreshold = (what: string) => ({ class: "money-or-power", fourEyes: "by-threshold", what }) as const

export const AdminOperations = {
  status: read,
  doctor: read,
  "users.list": read,
  "users.show": read,
  "users.makeAdmin": always("Making an admin"),
  "users.disable": operation,
  "users.erase": operation,
  "kyc.list": read,
  "kyc.show": read,
  "kyc.exportDocuments": read,
  "kyc.approve": operation,
  "kyc.reject": operation,
  "documents.rekey": operation,
  "orders.list": read,
  "orders.show": read,
  "orders.confirmPayment": byThreshold("Confirming a payment"),
  "orders.markFundsReceived": operation,
  "orders.cancel": byThreshold("Cancelling an order"),
  "orders.expireDue": operation,
  "salesQueue.show": read,
  "payouts.list": read,
  "payouts.markReady": operation,
  "payouts.markPaid": byThreshold("Marking a payout paid"),
  "approvals.list": read,
  "approvals.show": read,
  "approvals.approve": { class: "money-or-power", fourEyes: "approver", what: "Approving a request" },
  "approvals.reject": operation,
  "approvals.thresholds": read,
  "approvals.setThreshold": {
    class: "money-or-power",
    fourEyes: "when-raised",
    what: "Setting a four-eyes threshold",
  },
  "statements.export": read,
  "invoices.list": read,
  "invoices.show": read,
  "invoices.export": read,
  "invoices.setIssuer": always("Setting the invoices' issuer"),
  "invoices.setTax": always("Setting a currency's invoice tax treatment"),
  "invoices.credit": always("Issuing a credit note"),
  "invoices.issueMissing": operation,
  "ledger.verify": read,
  "ledger.checkpoint": operation,
  "pricing.show": read,
  "pricing.setPrice": always("Setting a price"),
  "pricing.setFees": always("Setting a unit type's fees"),
  "pricing.setExternalFee": always("Setting an external fee"),
  "pricing.setRate": always("Setting an exchange rate"),
  "pricing.setCoinPrice": always("Setting a coin price"),
  "pricing.setLand": always("Setting a land value and its limits"),
  "pricing.setBankAccount": always("Setting the account members pay into"),
  "discountCodes.create": always("Creating a discount code"),
  "discountCodes.list": read,
  "discountCodes.disable": operation,
  "content.list": read,
  "content.load": operation,
  "content.addNews": operation,
  "content.setPage": operation,
  "content.addVote": operation,
  "content.closeVote": operation,
  "agents.list": read,
  "agents.approve": operation,
  "agents.reject": operation,
  "saleschat.list": read,
  "saleschat.show": read,
  "saleschat.reply": operation,
  "mail.list": read,
  "mail.show": read,
  "recordings.list": read,
  "recordings.export": read,
  "audit.show": read,
  "audit.fees": read,
  "db.migrate": operation,
  "db.status": read,
  "db.seed": operation,
  "db.backup": read,
  "db.restore": operation,
  "db.reconcile": read,
} as const satisfies Record<string, AdminOperationRule>

export type AdminOperationName = keyof typeof AdminOperations

type RuleOf<K extends AdminOperationName> = (typeof AdminOperations)[K]

/** The operations that move money or power. */
export type MoneyOrPowerOperation = {
  [K in AdminOperationName]: RuleOf<K> extends { readonly class: "money-or-power" } ? K : never
}[AdminOperationName]

/** The money-or-power operations a second admin may have to approve: they become requests. */
export type FourEyesOperation = {
  [K in MoneyOrPowerOperation]: RuleOf<K> extends { readonly fourEyes: "approver" } ? never : K
}[MoneyOrPowerOperation]

export const adminOperationNames = Object.keys(AdminOperations) as ReadonlyArray<AdminOperationName>

export const isAdminOperation = (name: string): name is AdminOperationName =>
  Object.hasOwn(AdminOperations, name)

export const ruleOf = (name: AdminOperationName): AdminOperationRule => AdminOperations[name]

export const moneyOrPowerOperations = adminOperationNames.filter(
  (name): name is MoneyOrPowerOperation => AdminOperations[name].class === "money-or-power",
)

export const fourEyesOperations = moneyOrPowerOperations.filter(
  (name): name is FourEyesOperation =>
    (AdminOperations[name] as { fourEyes: FourEyesRule }).fourEyes !== "approver",
)

/** The four-eyes rule of an operation that may become a request. */
export const fourEyesRuleOf = (name: FourEyesOperation): Exclude<FourEyesRule, "approver"> =>
  (AdminOperations[name] as { fourEyes: Exclude<FourEyesRule, "approver"> }).fourEyes

const camel = (word: string) => word.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
const kebab = (word: string) => word.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** `["pricing", "set-rate"]` → `pricing.setRate`: a command path's operation name. */
export const operationNameOf = (commandPath: ReadonlyArray<string>): string =>
  commandPath.map(camel).join(".")

/** `pricing.setRate` → `pricing set-rate`: the command line of an operation. */
export const commandLineOf = (name: AdminOperationName): string => name.split(".").map(kebab).join(" ")
