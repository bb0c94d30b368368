/**
 * The rate limits' rules, as plain numbers and functions (docs/security.md lists them, with what each
 * stops and what is deliberately not limited).
 *
 * Two kinds:
 * - a **growing delay** for sign-in: the first attempts are free; after them each attempt must wait longer
 *   after the one before (1 s, 2 s, 4 s, … up to a cap). Nobody is ever locked out: the wait is short for a
 *   person who mistypes, and long for a program that guesses. It is kept per address and per (account,
 *   address), never per account alone, so a stranger cannot keep the owner out from another address.
 * - a **quota** for routes that send email: at most `max` in a sliding window; the next one is possible
 *   when the oldest leaves the window.
 */

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export interface GrowingDelay {
  /** Attempts counted within this window (older ones are forgotten). */
  readonly windowMs: number
  /** Attempts allowed without any wait. */
  readonly free: number
  /** The longest wait between two attempts. */
  readonly capMs: number
}

export interface Quota {
  readonly windowMs: number
  readonly max: number
}

/** Sign-in attempts on one account from one address. A successful sign-in starts the count again. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS: GrowingDelay = { windowMs: HOUR, free: 5, capMs: 15 * MINUTE }
/** Sign-in attempts from one address, whichever accounts they name. */
export const SIGN_IN_PER_ADDRESS: GrowingDelay = { windowMs: 15 * MINUTE, free: 30, capMs: 5 * MINUTE }
/**
 * Second-factor answers (TOTP codes, recovery codes, passkey answers) on one account from one address: every
 * attempt counts, a refused one too (guessing faster only waits longer), as sign-in's pair does. Kept per
 * address, so whoever holds the password elsewhere never slows the owner's own attempts. A success from the
 * address starts its count again.
 */
export const SECOND_FACTOR_PER_ACCOUNT_AND_ADDRESS: GrowingDelay = {
  windowMs: HOUR,
  free: 5,
  capMs: 15 * MINUTE,
}
/**
 * Wrong second-factor answers on one account from devices the member has never signed in from, whichever
 * address: the bound on a password holder who guesses codes from many addresses (a TOTP guess is right about
 * once in 330,000). Only answers that were checked and wrong count, never a refused attempt, so its Retry-After is
 * true; the member's own known devices are never held by it.
 */
export const SECOND_FACTOR_FAILURES_FROM_NEW_DEVICES: GrowingDelay = {
  windowMs: HOUR,
  free: 10,
  capMs: 15 * MINUTE,
}
/**
 * Current passwords given as proof by a signed-in member without a second factor (MemberGuard: setting up a
 * first factor, closing the account). Whoever tries already holds the member's session, so it is counted per
 * account, from any address, as a growing wait after the free attempts, never a lockout. Only the proofs that
 * were checked and failed count: one refused for its wait is not checked, and does not make the wait longer,
 * so Retry-After is true. The right password starts the count again.
 */
export const PASSWORD_PROOF_PER_ACCOUNT: GrowingDelay = { windowMs: HOUR, free: 5, capMs: 15 * MINUTE }
/**
 * Transfer recipients looked up by one member (GET /user/getUserNameByEmail): a sender checks the one or two
 * addresses they are about to send Units to, so 20 an hour never slows a person; a script walking a list of
 * addresses to learn who is registered gets 20 an hour instead of 200 a second.
 */
export const RECIPIENT_LOOKUPS_PER_MEMBER: Quota = { windowMs: HOUR, max: 20 }
/** Emails the public routes send to one recipient (confirmation, resend, forgotten password, newsletter). */
export const EMAILS_PER_RECIPIENT: Quota = { windowMs: HOUR, max: 5 }
/** Emails the public routes send because of one address, to whomever. */
export const EMAILS_PER_ADDRESS: Quota = { windowMs: HOUR, max: 20 }
/** Contact-form messages from one address (each one is an email to support). */
export const CONTACT_MESSAGES_PER_ADDRESS: Quota = { windowMs: HOUR, max: 5 }
/**
 * Session-recording batches from one address (POST /api/recordings). A recording visitor sends one every 10 s
 * at most, and one per page change: about 60 in 10 minutes, so this lets several visitors share an address.
 */
export const RECORDING_BATCHES_PER_ADDRESS: Quota = { windowMs: 10 * MINUTE, max: 300 }

/**
 * Session recording's storage budget for one day (a UTC day: it frees at 00:00 UTC), in bytes of stored batch
 * data (gzip-compressed, as the database keeps it), and the recordings one address may start in a day. A real
 * visitor's 10-minute recording is of the order of 200 KiB compressed (an estimate: one full snapshot of a page,
 * tens of KiB gzipped, and the sampled mouse and scroll events of reading it), so:
 * - **per address, 32 MiB a day**: about 160 such recordings, so several visitors behind one address (an office,
 *   a mobile carrier's NAT) fit; one address alone keeps at most about 1 GiB over the 30-day retention;
 * - **for the installation, 512 MiB a day**: about 2,600 such recordings a day, and at most 15 GiB on disk over
 *   the 30-day retention (RECORDING_RETENTION_DAYS), whatever number of addresses sends;
 * - **200 recordings started per address a day**: a visitor starts one per browser session and visit to the
 *   recorded pages; a new recording id is never free (its first batch counts against the bytes too).
 * A batch is refused once a budget is spent, so the last one kept may pass it by one batch (at most 1 MiB).
 */
export interface RecordingBudget {
  readonly bytesPerAddress: number
  readonly bytesPerInstallation: number
  readonly startedPerAddress: number
}

export const RECORDING_BUDGET_PER_DAY: RecordingBudget = {
  bytesPerAddress: 32 * 1024 * 1024,
  bytesPerInstallation: 512 * 1024 * 1024,
  startedPerAddress: 200,
}

const DAY = 24 * HOUR

/** The day (UTC) an instant falls in, as a whole number of days since the epoch. */
export const recordingDayOf = (now: number): number => Math.floor(now / DAY)

/** How long from `now` until the day's budget frees: the next 00:00 UTC. */
export const untilNextDayMs = (now: number): number => (recordingDayOf(now) + 1) * DAY - now

/** What a day of recording has used so far: bytes and recordings started from one address, bytes in all. */
export interface RecordingDayUsage {
  readonly addressBytes: number
  readonly addressStarted: number
  readonly installationBytes: number
}

/**
 * Which budget refuses the next batch, if one does: the address's bytes, the installation's, or (for a batch
 * that would start a new recording) the recordings the address started. `undefined`: the batch may be kept.
 */
export const recordingBudgetRefusal = (
  usage: RecordingDayUsage,
  budget: RecordingBudget,
  startsRecording: boolean,
): "recording-storage-address" | "recording-storage-installation" | "recordings-started" | undefined => {
  if (usage.addressBytes >= budget.bytesPerAddress) return "recording-storage-address"
  if (usage.installationBytes >= budget.bytesPerInstallation) return "recording-storage-installation"
  if (startsRecording && usage.addressStarted >= budget.startedPerAddress) return "recordings-started"
  return undefined
}

/** What the attempt log knew before the attempt at hand: how many, and the oldest and latest of them. */
export interface RecentAttempts {
  readonly count: number
  readonly oldest: number | undefined
  readonly latest: number | undefined
}

/**
 * The least time between the attempt after `prior` attempts and the one before it: 0 while `prior` is below
 * the free attempts, then 1 s, doubling with each further attempt, never above the cap.
 */
export const growingDelayMs = (prior: number, policy: GrowingDelay): number => {
  if (prior < policy.free) return 0
  const doublings = prior - policy.free
  // 2^31 s is far beyond any cap: stop doubling before the number grows without need.
  return doublings >= 31 ? policy.capMs : Math.min(policy.capMs, SECOND * 2 ** doublings)
}

/** How long an attempt made `now` must still wait (0: it may go ahead). */
export const delayWaitMs = (recent: RecentAttempts, now: number, policy: GrowingDelay): number => {
  if (recent.latest === undefined) return 0
  return Math.max(0, recent.latest + growingDelayMs(recent.count, policy) - now)
}

/** How long a request made `now` must wait for the quota to have room (0: it may go ahead). */
export const quotaWaitMs = (recent: RecentAttempts, now: number, quota: Quota): number => {
  if (recent.count < quota.max || recent.oldest === undefined) return 0
  return Math.max(SECOND, recent.oldest + quota.windowMs - now)
}

/** A wait in whole seconds, rounded up (what Retry-After says). */
export const waitSeconds = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / SECOND))

/** The wait in words, for the message a person reads. */
export const waitInWords = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? "1 minute" : `${minutes} minutes`
}
