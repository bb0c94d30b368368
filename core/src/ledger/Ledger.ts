/**
 * Pure rules of the ledger: account keys, balances as sums, the check a batch must pass before it is
 * appended, and reversals.
 */
import { type UnitType, unitDisplayName } from "../shared/Enums.ts"
import { InsufficientUnits, InvalidTransfer } from "./LedgerErrors.ts"
import type { Account, Balance, TransferDraft } from "./LedgerModel.ts"

/** A stable text key for an account ("member:mem_1:owned", "platform:issuance"). */
export const accountKey = (account: Account): string =>
  account._tag === "MemberAccount"
    ? `member:${account.memberId}:${account.bucket}`
    : `platform:${account.name}`

/** A stable text key for an account of one unit type. */
export const balanceKey = (unitType: UnitType, account: Account): string =>
  `${unitType}|${accountKey(account)}`

export const sameAccount = (a: Account, b: Account): boolean => accountKey(a) === accountKey(b)

/**
 * Balances as sums: each transfer adds its Units to `to` and takes them from `from`.
 * Accounts whose transfers cancel out are kept with 0.
 */
export const sumBalances = (
  transfers: Iterable<Pick<TransferDraft, "unitType" | "from" | "to" | "units">>,
): Map<string, Balance> => {
  const balances = new Map<string, Balance>()
  const add = (unitType: UnitType, account: Account, units: number) => {
    const key = balanceKey(unitType, account)
    const current = balances.get(key)
    balances.set(key, { unitType, account, units: (current?.units ?? 0) + units })
  }
  for (const t of transfers) {
    add(t.unitType, t.from, -t.units)
    add(t.unitType, t.to, t.units)
  }
  return balances
}

/** A transfer that could never be valid: not a positive whole number, or an account to itself. */
export const invalidTransfer = (draft: TransferDraft): InvalidTransfer | undefined => {
  if (!Number.isSafeInteger(draft.units) || draft.units <= 0) {
    return new InvalidTransfer({
      message: `A transfer moves a positive whole number of Units, not ${draft.units}`,
    })
  }
  if (sameAccount(draft.from, draft.to)) {
    return new InvalidTransfer({
      message: `A transfer cannot move Units from ${accountKey(draft.from)} to itself`,
    })
  }
  return undefined
}

/**
 * The check every batch passes before it is appended: each transfer is valid, and after the whole batch no
 * member account is below zero. `balanceOf` reads the balance before the batch.
 * Platform accounts are not checked: issuance is negative by design, fees only ever receive.
 */
export const checkBatch = (
  batch: ReadonlyArray<TransferDraft>,
  balanceOf: (unitType: UnitType, account: Account) => number,
): InsufficientUnits | InvalidTransfer | undefined => {
  for (const draft of batch) {
    const invalid = invalidTransfer(draft)
    if (invalid !== undefined) return invalid
  }
  for (const change of sumBalances(batch).values()) {
    const { account, unitType } = change
    if (account._tag !== "MemberAccount" || change.units >= 0) continue
    const before = balanceOf(unitType, account)
    if (before + change.units < 0) {
      return new InsufficientUnits({
        message: `Not enough ${unitDisplayName(unitType)} in ${account.bucket}: the balance is ${before}, ${-change.units} needed`,
        memberId: account.memberId,
        unitType,
        bucket: account.bucket,
        balance: before,
        requested: -change.units,
      })
    }
  }
  return undefined
}

/** The transfer that undoes `draft`: a correction is a new, reversing transfer, never an edit. */
export const reversal = (draft: TransferDraft): TransferDraft => ({
  unitType: draft.unitType,
  from: draft.to,
  to: draft.from,
  units: draft.units,
})
