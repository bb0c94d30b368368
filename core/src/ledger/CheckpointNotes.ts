/**
 * What a member is told beside a proof (docs/ledger.md §12 and ledger/13): whether an order's transfers are in the
 * latest checkpoint, whether their balances are counted in its liabilities, and when the next checkpoint is due.
 */
import { formatDateTimeZoned } from "../format/Format.ts"
import type { StoredCheckpoint } from "./CheckpointModel.ts"

/** When the next checkpoint is due: the job's next run after the latest (or after now, when that has passed). */
export const nextCheckpointBy = (
  latest: StoredCheckpoint | undefined,
  now: number,
  everyMs: number,
): number => (latest !== undefined && latest.at + everyMs > now ? latest.at + everyMs : now + everyMs)

/** An order proof's note: which of its transfers the latest checkpoint holds, and when the rest will be in one. */
export const proofNote = (
  transfers: number,
  pending: number,
  checkpoint: StoredCheckpoint | undefined,
  nextBy: number,
): string => {
  const due = formatDateTimeZoned(nextBy)
  if (transfers === 0) return "This order moved no Units: it has no transfers to prove."
  if (checkpoint === undefined) {
    return `No ledger checkpoint has been signed yet: the first, due by ${due}, will include this order's transfers.`
  }
  const name = `checkpoint #${checkpoint.number} of ${formatDateTimeZoned(checkpoint.at)}`
  if (pending === 0) {
    return transfers === 1
      ? `This order's transfer is in ${name}.`
      : `All ${transfers} transfers of this order are in ${name}.`
  }
  if (pending === transfers) {
    return `${transfers === 1 ? "This order's transfer is" : `This order's ${transfers} transfers are`} newer than the latest ${name}: the next checkpoint, due by ${due}, will include ${transfers === 1 ? "it" : "them"}.`
  }
  return `${pending} of this order's ${transfers} transfers ${pending === 1 ? "is" : "are"} newer than the latest ${name}: the next checkpoint, due by ${due}, will include ${pending === 1 ? "it" : "them"}.`
}

/** A liabilities proof's note: whether the member's balances are counted in the latest checkpoint's totals. */
export const liabilitiesNote = (
  checkpoint: StoredCheckpoint | undefined,
  leaves: number,
  nextBy: number,
): string => {
  if (checkpoint === undefined || checkpoint.liabilities === undefined) {
    return `No ledger checkpoint with a proof of liabilities has been signed yet: the next, due by ${formatDateTimeZoned(nextBy)}, will have one.`
  }
  const name = `checkpoint #${checkpoint.number} of ${formatDateTimeZoned(checkpoint.at)}`
  return leaves === 0
    ? `You held no Units at ${name}: none of its totals counts you.`
    : `Your balances as of ${name} are counted in the totals it states of what the platform owes its members.`
}
