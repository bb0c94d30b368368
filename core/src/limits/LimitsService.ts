/**
 * The rate limits, applied: sign-in attempts (a growing delay per address and per account and address) and
 * the public routes that send email (a quota per recipient and per address; one per address for the contact
 * form), session recording's batches, a member's transfer-recipient look-ups, and the current password a
 * member gives as proof (a growing delay per account, failures only). The numbers and their reasons are in Limits.ts; the attempts live in the AttemptLog port, which the
 * PostgreSQL adapter keeps in the database so that every app process sees the same counts.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { normalizeEmail } from "../accounts/AccountModel.ts"
import { type LimitName, TooManyAttempts } from "./LimitErrors.ts"
import {
  CONTACT_MESSAGES_PER_ADDRESS,
  delayWaitMs,
  EMAILS_PER_ADDRESS,
  EMAILS_PER_RECIPIENT,
  PASSWORD_PROOF_PER_ACCOUNT,
  type Quota,
  quotaWaitMs,
  RECIPIENT_LOOKUPS_PER_MEMBER,
  RECORDING_BATCHES_PER_ADDRESS,
  SECOND_FACTOR_FAILURES_FROM_NEW_DEVICES,
  SECOND_FACTOR_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_PER_ADDRESS,
  waitInWords,
  waitSeconds,
} from "./Limits.ts"
import { AttemptLog } from "./ports/AttemptLog.ts"

export const LimitMessages = {
  signIn: (wait: string) => `Too many sign-in attempts. Please wait ${wait} and try again.`,
  secondFactor: (wait: string) => `Too many codes tried. Please wait ${wait} and try again.`,
  emailsToRecipient: (wait: string) =>
    `We have already sent several emails to this address. Please check your inbox and spam folder, or try again in ${wait}.`,
  emailsFromAddress: (wait: string) => `Too many requests from your network. Please try again in ${wait}.`,
  contactMessages: (wait: string) =>
    `You have already sent us several messages. We will answer them; please try again in ${wait} if you need to write again.`,
  recordingBatches: (wait: string) =>
    `Too many session-recording batches from your network. Please try again in ${wait}.`,
  passwordProof: (wait: string) => `Too many wrong passwords. Please wait ${wait} and try again.`,
  recipientLookups: (wait: string) =>
    `You have looked up many recipients in the last hour. Please try again in ${wait}.`,
} as const

const signInPairKey = (email: string, address: string) =>
  `sign-in:account-address:${normalizeEmail(email)}|${address}`
const signInAddressKey = (address: string) => `sign-in:address:${address}`

const secondFactorPairKey = (memberId: string, address: string) =>
  `second-factor:account-address:${memberId}|${address}`
const secondFactorNewDevicesKey = (memberId: string) => `second-factor:new-devices:${memberId}`

/** Where a second-factor answer comes from: the client's address, and whether the member knows the device. */
export interface SecondFactorSource {
  readonly memberId: string
  readonly address: string
  /** The member has signed in from this browser before (its device cookie), or it is the admin's terminal. */
  readonly knownDevice: boolean
}
const passwordProofKey = (memberId: string) => `password-proof:account:${memberId}`

const refuse = (limit: LimitName, waitMs: number, message: (wait: string) => string) => {
  const seconds = waitSeconds(waitMs)
  return new TooManyAttempts({ message: message(waitInWords(seconds)), retryAfterSeconds: seconds, limit })
}

export class LimitsService extends Context.Service<
  LimitsService,
  {
    /**
     * Counts a sign-in attempt on the account from the address, and refuses it while its wait is not over
     * (every attempt counts, a refused one too, so guessing faster only waits longer), or while the address's
     * wait after its failed attempts is not over. Call before the password is checked.
     */
    readonly signIn: (input: {
      readonly email: string
      readonly address: string
    }) => Effect.Effect<void, TooManyAttempts>
    /** A failed sign-in (wrong email or password): counted against the address. */
    readonly signInFailed: (address: string) => Effect.Effect<void>
    /** A successful sign-in: this account's count from this address starts again. */
    readonly signedIn: (input: { readonly email: string; readonly address: string }) => Effect.Effect<void>
    /**
     * Counts a second-factor attempt on the account from the address (every attempt, a refused one too) and
     * refuses it while that wait is not over, or, from a device the member does not know, while the account's
     * wait after wrong answers from new devices is not over. Call before the answer is checked.
     */
    readonly secondFactor: (source: SecondFactorSource) => Effect.Effect<void, TooManyAttempts>
    /** A wrong answer: from a new device it counts against the account's new-device answers. */
    readonly secondFactorFailed: (source: SecondFactorSource) => Effect.Effect<void>
    /** A second factor that passed: the count of its account and address starts again. */
    readonly secondFactorPassed: (source: SecondFactorSource) => Effect.Effect<void>
    /**
     * Before a member's current password is checked as proof (MemberGuard): refuses it while the wait after
     * the member's failed proofs is not over, without counting the refusal; otherwise counts the proof as a
     * failure until `passwordProofPassed` says it was right.
     */
    readonly passwordProof: (memberId: string) => Effect.Effect<void, TooManyAttempts>
    /** The current password was right: the member's failed proofs are forgotten. */
    readonly passwordProofPassed: (memberId: string) => Effect.Effect<void>
    /** Counts an email a public route is about to send to `recipient` because of `address`. */
    readonly publicEmail: (input: {
      readonly recipient: string
      readonly address: string
    }) => Effect.Effect<void, TooManyAttempts>
    /** Counts a contact-form message from `address`. */
    readonly contactMessage: (address: string) => Effect.Effect<void, TooManyAttempts>
    /** Counts a session-recording batch from `address`. */
    readonly recordingBatch: (address: string) => Effect.Effect<void, TooManyAttempts>
    /** Counts a transfer recipient looked up by the member. */
    readonly recipientLookup: (memberId: string) => Effect.Effect<void, TooManyAttempts>
  }
>()("@landunits/core/limits/LimitsService") {
  static readonly layer = Layer.effect(LimitsService)(
    Effect.gen(function* () {
      const log = yield* AttemptLog

      const quota = Effect.fnUntraced(function* (
        limit: LimitName,
        key: string,
        policy: Quota,
        message: (wait: string) => string,
      ) {
        const now = yield* Clock.currentTimeMillis
        const recent = yield* log.hit({ key, now, windowMs: policy.windowMs, recordBelow: policy.max })
        const wait = quotaWaitMs(recent, now, policy)
        if (wait > 0) return yield* refuse(limit, wait, message)
      })

      return LimitsService.of({
        signIn: Effect.fn("LimitsService.signIn")(function* ({ email, address }) {
          const now = yield* Clock.currentTimeMillis
          const pair = SIGN_IN_PER_ACCOUNT_AND_ADDRESS
          const fromAddress = SIGN_IN_PER_ADDRESS
          // The pair counts every attempt (recorded with the read, in one step); the address counts failures only,
          // so many members signing in from one office network are not slowed by each other's successes.
          const wait = Math.max(
            delayWaitMs(
              yield* log.hit({ key: signInPairKey(email, address), now, windowMs: pair.windowMs }),
              now,
              pair,
            ),
            delayWaitMs(
              yield* log.recent({ key: signInAddressKey(address), now, windowMs: fromAddress.windowMs }),
              now,
              fromAddress,
            ),
          )
          if (wait > 0) return yield* refuse("sign-in", wait, LimitMessages.signIn)
        }),

        signInFailed: (address) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            Effect.asVoid(
              log.hit({ key: signInAddressKey(address), now, windowMs: SIGN_IN_PER_ADDRESS.windowMs }),
            ),
          ),

        signedIn: ({ email, address }) => log.clear(signInPairKey(email, address)),

        secondFactor: Effect.fn("LimitsService.secondFactor")(function* (source) {
          const now = yield* Clock.currentTimeMillis
          const pair = SECOND_FACTOR_PER_ACCOUNT_AND_ADDRESS
          const newDevices = SECOND_FACTOR_FAILURES_FROM_NEW_DEVICES
          const wait = Math.max(
            delayWaitMs(
              yield* log.hit({
                key: secondFactorPairKey(source.memberId, source.address),
                now,
                windowMs: pair.windowMs,
              }),
              now,
              pair,
            ),
            source.knownDevice
              ? 0
              : delayWaitMs(
                  yield* log.recent({
                    key: secondFactorNewDevicesKey(source.memberId),
                    now,
                    windowMs: newDevices.windowMs,
                  }),
                  now,
                  newDevices,
                ),
          )
          if (wait > 0) return yield* refuse("second-factor", wait, LimitMessages.secondFactor)
        }),

        secondFactorFailed: (source) =>
          source.knownDevice
            ? Effect.void
            : Effect.flatMap(Clock.currentTimeMillis, (now) =>
                Effect.asVoid(
                  log.hit({
                    key: secondFactorNewDevicesKey(source.memberId),
                    now,
                    windowMs: SECOND_FACTOR_FAILURES_FROM_NEW_DEVICES.windowMs,
                  }),
                ),
              ),

        secondFactorPassed: (source) => log.clear(secondFactorPairKey(source.memberId, source.address)),

        passwordProof: Effect.fn("LimitsService.passwordProof")(function* (memberId) {
          const now = yield* Clock.currentTimeMillis
          const policy = PASSWORD_PROOF_PER_ACCOUNT
          const window = { key: passwordProofKey(memberId), now, windowMs: policy.windowMs }
          const wait = delayWaitMs(yield* log.recent(window), now, policy)
          if (wait > 0) return yield* refuse("password-proof", wait, LimitMessages.passwordProof)
          // Recorded before the password is checked, so that proofs sent at once meet each other's count; the
          // right password clears it (passwordProofPassed), so only failures stay counted.
          yield* log.hit(window)
        }),

        passwordProofPassed: (memberId) => log.clear(passwordProofKey(memberId)),

        publicEmail: Effect.fn("LimitsService.publicEmail")(function* ({ recipient, address }) {
          yield* quota(
            "emails-from-address",
            `email:address:${address}`,
            EMAILS_PER_ADDRESS,
            LimitMessages.emailsFromAddress,
          )
          yield* quota(
            "emails-to-recipient",
            `email:recipient:${normalizeEmail(recipient)}`,
            EMAILS_PER_RECIPIENT,
            LimitMessages.emailsToRecipient,
          )
        }),

        contactMessage: (address) =>
          quota(
            "contact-messages",
            `contact:address:${address}`,
            CONTACT_MESSAGES_PER_ADDRESS,
            LimitMessages.contactMessages,
          ),

        recordingBatch: (address) =>
          quota(
            "recording-batches",
            `recording:address:${address}`,
            RECORDING_BATCHES_PER_ADDRESS,
            LimitMessages.recordingBatches,
          ),

        recipientLookup: (memberId) =>
          quota(
            "recipient-lookups",
            `recipient-lookup:member:${memberId}`,
            RECIPIENT_LOOKUPS_PER_MEMBER,
            LimitMessages.recipientLookups,
          ),
      })
    }),
  )
}
