/**
 * Who may do what (issue 37): every operation a signed-in member can do, once, with its class. The guard
 * (MemberGuard.ts) follows from the class; the HTTP API names, per endpoint, the use cases it runs
 * (adapters/src/http/api/EndpointUseCases.ts), and a test walks both so that neither a route nor an entry
 * here goes without the other (docs/security.md, "Who may do what").
 *
 * - `read`: shows the member their own data. Nothing more than the session.
 * - `own-action`: changes the member's own non-security data, buys, posts. Nothing more than the session.
 * - `moves-out`: takes Units, money or personal data out of the account (transfers, sells, converts, data
 *   exports, closure). A member with a second factor must have given it on this session within STEP_UP_SECONDS.
 * - `security`: changes how the account is protected or where payouts go (password, second factor, passkeys,
 *   recovery codes, bank details). The same step-up as `moves-out`.
 *
 * `passwordWithoutFactor`: a member WITHOUT a second factor must give the current password (a stolen session
 * alone cannot enrol its own factor and so lock the member out, nor close the account).
 */

export const UseCaseClasses = ["read", "own-action", "moves-out", "security"] as const
export type UseCaseClass = (typeof UseCaseClasses)[number]

export interface UseCasePolicy {
  readonly class: UseCaseClass
  readonly passwordWithoutFactor?: true
}

export const MemberUseCaseNames = [
  // Reads
  "viewAccount",
  "viewHoldings",
  "viewAnalytics",
  "viewImpact",
  "viewSubscriptions",
  "viewTransactions",
  "viewPrices",
  "viewOrder",
  "viewPayouts",
  "estimateSale",
  "viewPayment",
  "lookUpDiscountCode",
  "lookUpRecipient",
  "viewPaymentSettings",
  "viewStatement",
  "viewInvoices",
  "downloadInvoice",
  "viewLedgerProof",
  "viewLiabilitiesProof",
  "viewVotes",
  "viewQuestions",
  "viewAgentStatus",
  "viewIdeas",
  "viewSalesChat",
  "listDataExports",
  "viewSecurity",
  // The member's own actions
  "signOut",
  "manageSubscriptions",
  "buy",
  "changeBuyAmount",
  "payForBuy",
  "cancelOrder",
  "updateProfile",
  "saveKycDetails",
  "submitKyc",
  "vote",
  "askQuestion",
  "answerQuestion",
  "closeQuestion",
  "becomeAgent",
  "postIdea",
  "upvoteIdea",
  "postSalesMessage",
  "stepUp",
  "endSessions",
  // What moves Units, money or data out
  "sell",
  "transfer",
  "convert",
  "exportData",
  "closeAccount",
  // Security
  "changePassword",
  "changeBankDetails",
  "beginTotp",
  "confirmTotp",
  "removeTotp",
  "newRecoveryCodes",
  "passkeyOptions",
  "registerPasskey",
  "removePasskey",
] as const
export type MemberUseCase = (typeof MemberUseCaseNames)[number]

const read = { class: "read" } as const
const own = { class: "own-action" } as const
const movesOut = { class: "moves-out" } as const
const security = { class: "security" } as const

/** The table. `satisfies Record<MemberUseCase, …>`: a name missing here, or one not in the list, does not compile. */
export const MEMBER_USE_CASES = {
  viewAccount: read,
  viewHoldings: read,
  viewAnalytics: read,
  viewImpact: read,
  viewSubscriptions: read,
  viewTransactions: read,
  viewPrices: read,
  viewOrder: read,
  viewPayouts: read,
  estimateSale: read,
  viewPayment: read,
  lookUpDiscountCode: read,
  lookUpRecipient: read,
  viewPaymentSettings: read,
  viewStatement: read,
  // The member's own invoices and credit notes (issue 46): a record of their own buys, like the statement.
  viewInvoices: read,
  downloadInvoice: read,
  viewLedgerProof: read,
  // The member's leaves in the proof of liabilities (issue 42): their own balances, salt and sibling sums.
  viewLiabilitiesProof: read,
  viewVotes: read,
  viewQuestions: read,
  viewAgentStatus: read,
  viewIdeas: read,
  viewSalesChat: read,
  listDataExports: read,
  viewSecurity: read,

  signOut: own,
  manageSubscriptions: own,
  buy: own,
  changeBuyAmount: own,
  payForBuy: own,
  cancelOrder: own,
  updateProfile: own,
  saveKycDetails: own,
  submitKyc: own,
  vote: own,
  askQuestion: own,
  answerQuestion: own,
  closeQuestion: own,
  becomeAgent: own,
  postIdea: own,
  upvoteIdea: own,
  postSalesMessage: own,
  // Giving the second factor again, or the options for it: what the step-up itself needs.
  stepUp: own,
  // Ending a session (one, or all others) is always open to the member: it is how they end a thief's.
  endSessions: own,

  sell: movesOut,
  transfer: movesOut,
  convert: movesOut,
  // Asking for an export and downloading one: the archive holds the passport.
  exportData: movesOut,
  closeAccount: { class: "moves-out", passwordWithoutFactor: true },

  changePassword: security,
  changeBankDetails: security,
  // An authenticator app's setup: the secret is given only at its beginning, so the password is asked there.
  beginTotp: { class: "security", passwordWithoutFactor: true },
  confirmTotp: security,
  removeTotp: security,
  newRecoveryCodes: security,
  // A passkey's registration: its options (a challenge), then the registration, where the password is asked.
  passkeyOptions: security,
  registerPasskey: { class: "security", passwordWithoutFactor: true },
  removePasskey: security,
} as const satisfies Record<MemberUseCase, UseCasePolicy>

export const policyOf = (useCase: MemberUseCase): UseCasePolicy => MEMBER_USE_CASES[useCase]

/** Whether the class needs the step-up (a second factor given lately on this session) of a member who has one. */
export const needsStepUp = (useCase: MemberUseCase): boolean => {
  const c = policyOf(useCase).class
  return c === "moves-out" || c === "security"
}

/** The use cases that ask a member without a second factor for the current password (from the table's type). */
export type PasswordUseCase = {
  [K in MemberUseCase]: (typeof MEMBER_USE_CASES)[K] extends { readonly passwordWithoutFactor: true }
    ? K
    : never
}[MemberUseCase]

/** Whether a member without a second factor must give the current password. */
export const needsPasswordWithoutFactor = (useCase: MemberUseCase): boolean =>
  policyOf(useCase).passwordWithoutFactor === true
