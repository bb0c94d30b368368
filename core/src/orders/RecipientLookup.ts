/**
 * GET /user/getUserNameByEmail: what a sender sees of a transfer's recipient before anything is sent. Only what
 * recognises the person: the first name and the last name's initial ("Rosa R."), never the whole name (a business
 * by its name, issue 46); at most
 * RECIPIENT_LOOKUPS_PER_MEMBER an hour (a list of addresses cannot be walked to learn who is registered); and not
 * the member's own address, since a transfer goes to another member; a disabled or closed account answers as an
 * unknown address. The transfer itself finds its recipient with the same `findRecipient`.
 */
import { Context, Effect, Layer, Option } from "effect"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import type { MemberId } from "../shared/Ids.ts"
import { InvalidOrderRequest, RecipientNotFound } from "./OrderErrors.ts"
import { MemberStanding, type Standing } from "./ports/MemberStanding.ts"

export const TRANSFER_TO_SELF = "You cannot transfer Units to yourself"

/**
 * The member registered with `email` (any letter case) who may receive Units, or RecipientNotFound. A disabled or
 * closed account receives nothing and is refused in the same words as an unknown address, so neither the lookup
 * nor a transfer tells a sender that an account exists but is disabled.
 */
export const findRecipient = (members: MemberStanding["Service"], email: string) =>
  Effect.flatMap(members.findByEmail(email), (found) =>
    Option.match(
      Option.filter(found, (standing) => standing.disabledAt === undefined),
      {
        onNone: () =>
          Effect.fail(new RecipientNotFound({ message: `No member is registered with the email ${email}` })),
        onSome: (standing: Standing) => Effect.succeed(standing),
      },
    ),
  )

/**
 * The rule both the lookup and the transfer command apply (one rule, two callers): a transfer goes to another
 * member, so the sender's own address (any letter case) is refused with TRANSFER_TO_SELF, on the lookup already,
 * before the sender confirms anything.
 */
export const requireAnotherMember = (sender: MemberId, recipient: Standing) =>
  recipient.memberId === sender
    ? Effect.fail(new InvalidOrderRequest({ message: TRANSFER_TO_SELF }))
    : Effect.succeed(recipient)

/** The recipient of a transfer from `sender` to `email`: registered, enabled, and not the sender. */
export const recipientFor = (members: MemberStanding["Service"], sender: MemberId, email: string) =>
  Effect.flatMap(findRecipient(members, email), (recipient) => requireAnotherMember(sender, recipient))

/** Two email addresses that name the same mailbox as `findByEmail` reads them: trimmed, in any letter case. */
const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/** The first letter of `word`, capital when it has a one-letter capital ("ß" stays "ß"). */
const initialOf = (word: string): string | undefined => {
  const letter = word.match(/\p{L}/u)?.[0]
  if (letter === undefined) return undefined
  const capital = letter.toUpperCase()
  return [...capital].length === 1 ? capital : letter
}

/**
 * "Rosa Rivers" → "Rosa R."; "Ada Mary Lovelace" → "Ada Mary L."; a one-word name as it is; a last word without
 * a letter is left out.
 */
export const recognisableName = (fullName: string): string => {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "")
  if (words.length < 2) return words.join(" ")
  const first = words.slice(0, -1).join(" ")
  const initial = initialOf(words.at(-1) ?? "")
  return initial === undefined ? first : `${first} ${initial}.`
}

/**
 * What another member sees of a member (the lookup, the sender's email of a transfer): a business by its whole
 * name, as it acts (members/MemberName.ts); a person recognisably, never whole ("Rosa R.").
 */
export const nameShownToOthers = (standing: Pick<Standing, "name" | "userType">): string =>
  standing.userType === "BUSINESS" ? standing.name : recognisableName(standing.name)

export class RecipientLookup extends Context.Service<
  RecipientLookup,
  {
    /** The name `sender` sees for the member registered with `email`. */
    readonly nameFor: (
      sender: MemberId,
      email: string,
    ) => Effect.Effect<string, RecipientNotFound | InvalidOrderRequest | TooManyAttempts>
  }
>()("@landunits/core/orders/RecipientLookup") {
  static readonly layer = Layer.effect(RecipientLookup)(
    Effect.gen(function* () {
      const members = yield* MemberStanding
      const limits = yield* LimitsService
      return RecipientLookup.of({
        nameFor: Effect.fn("RecipientLookup.nameFor")(function* (sender, email) {
          // The member's own address is refused at once, by the same rule, without spending a look-up of the hour.
          const own = yield* Effect.option(members.standing(sender))
          if (Option.isSome(own) && sameAddress(own.value.email, email))
            yield* requireAnotherMember(sender, own.value)
          yield* limits.recipientLookup(sender)
          const recipient = yield* recipientFor(members, sender, email)
          return nameShownToOthers(recipient)
        }),
      })
    }),
  )
}
