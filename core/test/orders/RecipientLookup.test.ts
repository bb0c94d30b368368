import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { RECIPIENT_LOOKUPS_PER_MEMBER } from "../../src/limits/Limits.ts"
import { LimitsService } from "../../src/limits/LimitsService.ts"
import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"
import { MemberStanding, type Standing } from "../../src/orders/ports/MemberStanding.ts"
import {
  nameShownToOthers,
  RecipientLookup,
  recipientFor,
  recognisableName,
  requireAnotherMember,
  TRANSFER_TO_SELF,
} from "../../src/orders/RecipientLookup.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const standing = (id: string, email: string, name: string): Standing => ({
  memberId: MemberId.make(id),
  email,
  name,
  emailConfirmed: true,
  kycStatus: "Verified",
})
const alice = standing("mem_alice", "alice@example.com", "Alice Archer")
const rosa = standing("mem_rosa", "rosa@example.com", "Rosa Rivers")
const dora = { ...standing("mem_dora", "dora@example.com", "Dora Disabled"), disabledAt: 1 }

const layer = () =>
  RecipientLookup.layer.pipe(
    Layer.provide(LimitsService.layer.pipe(Layer.provide(AttemptLog.layerMemory))),
    Layer.provide(
      MemberStanding.layerMemory(
        new Map([
          [alice.memberId, alice],
          [rosa.memberId, rosa],
        ]),
      ),
    ),
  )

describe("the name a sender sees before a transfer", () => {
  it("is the first name and the last name's initial, never the whole name", () => {
    expect(recognisableName("Rosa Rivers")).toBe("Rosa R.")
    expect(recognisableName("Ada Mary Lovelace")).toBe("Ada Mary L.")
    expect(recognisableName("  Élodie   Østergaard ")).toBe("Élodie Ø.")
    expect(recognisableName("Cher")).toBe("Cher")
    expect(recognisableName("Grace o'brien")).toBe("Grace O.")
    expect(recognisableName("Jan Strauß")).toBe("Jan S.")
    expect(recognisableName("Max ßtraße")).toBe("Max ß.")
    expect(recognisableName("Ana 42")).toBe("Ana")
  })

  it("keeps every word but the last and only one letter of the last (property)", () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'-]{1,11}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        const shown = recognisableName(words.join(" "))
        const last = words.at(-1) ?? ""
        expect(shown.startsWith(words.slice(0, -1).join(" "))).toBe(true)
        const capital = last[0]?.toUpperCase() ?? ""
        expect(shown.endsWith(`${capital.length === 1 ? capital : last[0]}.`)).toBe(true)
        expect(shown.length).toBe(words.slice(0, -1).join(" ").length + 3)
      }),
    )
  })
})

describe("RecipientLookup", () => {
  it.effect("answers a registered member's recognisable name, in any letter case of the address", () =>
    Effect.gen(function* () {
      const lookup = yield* RecipientLookup
      expect(yield* lookup.nameFor(alice.memberId, "ROSA@example.com")).toBe("Rosa R.")
      const unknown = yield* Effect.flip(lookup.nameFor(alice.memberId, "zed@example.com"))
      expect(unknown._tag).toBe("RecipientNotFound")
    }).pipe(Effect.provide(layer())),
  )

  it.effect(
    "answers a disabled or closed member's address as an unknown one: the lookup does not tell them apart",
    () =>
      Effect.gen(function* () {
        const lookup = yield* RecipientLookup
        const disabled = yield* Effect.flip(lookup.nameFor(alice.memberId, "dora@example.com"))
        const unknown = yield* Effect.flip(lookup.nameFor(alice.memberId, "zed@example.com"))
        expect(disabled._tag).toBe(unknown._tag)
        expect(disabled.message).toBe("No member is registered with the email dora@example.com")
        expect(unknown.message).toBe("No member is registered with the email zed@example.com")
      }).pipe(
        Effect.provide(
          RecipientLookup.layer.pipe(
            Layer.provide(LimitsService.layer.pipe(Layer.provide(AttemptLog.layerMemory))),
            Layer.provide(MemberStanding.layerMemory(new Map([[dora.memberId, dora]]))),
          ),
        ),
      ),
  )

  it.effect("refuses the member's own address", () =>
    Effect.gen(function* () {
      const refused = yield* Effect.flip(
        (yield* RecipientLookup).nameFor(alice.memberId, "alice@example.com"),
      )
      expect(refused._tag).toBe("InvalidOrderRequest")
      expect(refused.message).toBe(TRANSFER_TO_SELF)
    }).pipe(Effect.provide(layer())),
  )

  it.effect(
    "refuses the member's own address in any letter case, with the rule the transfer command uses",
    () =>
      Effect.gen(function* () {
        const lookup = yield* RecipientLookup
        const members = yield* MemberStanding
        for (const email of ["ALICE@example.com", " alice@EXAMPLE.com "]) {
          const refused = yield* Effect.flip(lookup.nameFor(alice.memberId, email))
          // The transfer's own finding of its recipient (TransferCommands.ts) answers the same.
          const byTransfer = yield* Effect.flip(recipientFor(members, alice.memberId, email))
          expect(refused).toEqual(byTransfer)
          expect(refused.message).toBe(TRANSFER_TO_SELF)
        }
        expect((yield* Effect.flip(requireAnotherMember(alice.memberId, alice))).message).toBe(
          TRANSFER_TO_SELF,
        )
        expect(yield* requireAnotherMember(alice.memberId, rosa)).toBe(rosa)
        // At once: the own address spends none of the hour's look-ups.
        for (let i = 0; i < RECIPIENT_LOOKUPS_PER_MEMBER.max + 5; i++)
          expect((yield* Effect.flip(lookup.nameFor(alice.memberId, "alice@example.com"))).message).toBe(
            TRANSFER_TO_SELF,
          )
        expect(yield* lookup.nameFor(alice.memberId, "ROSA@example.com")).toBe("Rosa R.")
      }).pipe(
        Effect.provide(
          Layer.provideMerge(
            layer(),
            MemberStanding.layerMemory(
              new Map([
                [alice.memberId, alice],
                [rosa.memberId, rosa],
              ]),
            ),
          ),
        ),
      ),
  )

  it.effect(
    "allows 20 look-ups an hour per member, with a true Retry-After; another member is not slowed",
    () =>
      Effect.gen(function* () {
        const lookup = yield* RecipientLookup
        yield* TestClock.setTime(0)
        expect(RECIPIENT_LOOKUPS_PER_MEMBER.max).toBe(20)
        for (let i = 0; i < 20; i++) {
          yield* TestClock.setTime(i * 60_000)
          // Unknown addresses count too: walking a list is what the limit stops.
          yield* Effect.ignore(lookup.nameFor(alice.memberId, `walk${i}@example.com`))
        }
        const refused = yield* Effect.flip(lookup.nameFor(alice.memberId, "rosa@example.com"))
        expect(refused._tag).toBe("TooManyAttempts")
        // The oldest look-up (at 0) leaves the hour's window at 60 minutes; it is now 19 minutes.
        expect(refused._tag === "TooManyAttempts" && refused.retryAfterSeconds).toBe(41 * 60)
        expect(yield* lookup.nameFor(rosa.memberId, "alice@example.com")).toBe("Alice A.")
        yield* TestClock.setTime(60 * 60_000)
        expect(yield* lookup.nameFor(alice.memberId, "rosa@example.com")).toBe("Rosa R.")
      }).pipe(Effect.provide(layer())),
  )
})

describe("a business is shown by its whole name (issue 46)", () => {
  it("a business's name is shown whole; a person's recognisably", () => {
    expect(nameShownToOthers({ name: "Acme Holdings Ltd", userType: "BUSINESS" })).toBe("Acme Holdings Ltd")
    expect(nameShownToOthers({ name: "Rosa Rivers", userType: "USER" })).toBe("Rosa R.")
    expect(nameShownToOthers({ name: "Rosa Rivers" })).toBe("Rosa R.")
  })
})
