/** The contracts of the second factor's stores and known devices: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { KnownDevices } from "../../src/accounts/ports/KnownDevices.ts"
import { PasskeyStore } from "../../src/secondfactor/ports/PasskeyStore.ts"
import { SecondFactorStore } from "../../src/secondfactor/ports/SecondFactorStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

const freshWith =
  <S>(makeLayer: () => Layer.Layer<S>) =>
  <A, E>(effect: Effect.Effect<A, E, S>) =>
    Effect.provide(effect, makeLayer())

export const secondFactorStoreContract = (name: string, makeLayer: () => Layer.Layer<SecondFactorStore>) =>
  describe(`SecondFactorStore contract (${name})`, () => {
    it.live("keeps the TOTP enrollment, accepts each later time step once, and removes it", () =>
      Effect.gen(function* () {
        const result = yield* freshWith(makeLayer)(
          Effect.gen(function* () {
            const store = yield* SecondFactorStore
            yield* store.saveTotp({
              memberId: ann,
              secret: "JBSWY3DPEHPK3PXP",
              createdAt: 5,
              lastUsedStep: 0,
            })
            const pending = yield* store.getTotp(ann)
            yield* store.saveTotp({
              memberId: ann,
              secret: "JBSWY3DPEHPK3PXP",
              createdAt: 5,
              confirmedAt: 7,
              lastUsedStep: 100,
            })
            const steps = [
              yield* store.useStep(ann, 100),
              yield* store.useStep(ann, 101),
              yield* store.useStep(ann, 101),
              yield* store.useStep(ann, 99),
              yield* store.useStep(ben, 200),
            ]
            const confirmed = yield* store.getTotp(ann)
            yield* store.removeTotp(ann)
            return {
              pending,
              steps,
              confirmed,
              removed: yield* store.getTotp(ann),
              ben: yield* store.getTotp(ben),
            }
          }),
        )
        expect(Option.getOrThrow(result.pending)).toEqual({
          memberId: ann,
          secret: "JBSWY3DPEHPK3PXP",
          createdAt: 5,
          lastUsedStep: 0,
        })
        expect(result.steps).toEqual([false, true, false, false, false])
        expect(Option.getOrThrow(result.confirmed)).toMatchObject({ confirmedAt: 7, lastUsedStep: 101 })
        expect(Option.isNone(result.removed)).toBe(true)
        expect(Option.isNone(result.ben)).toBe(true)
      }),
    )

    it.live("uses each recovery code once, per member, and replaces them all", () =>
      Effect.gen(function* () {
        const result = yield* freshWith(makeLayer)(
          Effect.gen(function* () {
            const store = yield* SecondFactorStore
            yield* store.replaceRecoveryCodes(ann, ["h1", "h2", "h3"])
            const uses = [
              yield* store.useRecoveryCode(ann, "h1", 10),
              yield* store.useRecoveryCode(ann, "h1", 11),
              yield* store.useRecoveryCode(ben, "h2", 12),
              yield* store.useRecoveryCode(ann, "nope", 13),
            ]
            const left = yield* store.recoveryCodesLeft(ann)
            yield* store.replaceRecoveryCodes(ann, ["h9"])
            return {
              uses,
              left,
              after: yield* store.recoveryCodesLeft(ann),
              old: yield* store.useRecoveryCode(ann, "h2", 14),
            }
          }),
        )
        expect(result.uses).toEqual([true, false, false, false])
        expect(result.left).toBe(2)
        expect(result.after).toBe(1)
        expect(result.old).toBe(false)
      }),
    )
  })

export const passkeyStoreContract = (name: string, makeLayer: () => Layer.Layer<PasskeyStore>) =>
  describe(`PasskeyStore contract (${name})`, () => {
    it.live(
      "keeps a member's passkeys, records their use, removes only the owner's, and answers a challenge once before it expires",
      () =>
        Effect.gen(function* () {
          const result = yield* freshWith(makeLayer)(
            Effect.gen(function* () {
              const store = yield* PasskeyStore
              const key = (credentialId: string, memberId: MemberId, createdAt: number) => ({
                credentialId,
                memberId,
                publicKey: "pQECAyYgASFYIA",
                counter: 0,
                transports: ["internal", "hybrid"],
                name: `Key ${credentialId}`,
                createdAt,
              })
              yield* store.add(key("c2", ann, 20))
              yield* store.add(key("c1", ann, 10))
              yield* store.add(key("c3", ben, 5))
              yield* store.used("c1", 7, 30)
              const listed = yield* store.listOf(ann)
              const notOwner = yield* store.remove(ben, "c1")
              const owner = yield* store.remove(ann, "c2")
              yield* store.saveChallenge("sign-in:x", "challenge-1", 100)
              yield* store.saveChallenge("sign-in:x", "challenge-2", 100)
              yield* store.saveChallenge("step-up:y", "challenge-3", 100)
              return {
                listed,
                notOwner,
                owner,
                after: (yield* store.listOf(ann)).map((p) => p.credentialId),
                got: yield* store.get("c3"),
                first: yield* store.takeChallenge("sign-in:x", 50),
                again: yield* store.takeChallenge("sign-in:x", 50),
                expired: yield* store.takeChallenge("step-up:y", 100),
              }
            }),
          )
          expect(result.listed.map((p) => p.credentialId)).toEqual(["c1", "c2"])
          expect(result.listed[0]).toMatchObject({
            counter: 7,
            lastUsedAt: 30,
            transports: ["internal", "hybrid"],
            name: "Key c1",
          })
          expect(result.notOwner).toBe(false)
          expect(result.owner).toBe(true)
          expect(result.after).toEqual(["c1"])
          expect(Option.getOrThrow(result.got).memberId).toBe(ben)
          expect(result.first).toEqual(Option.some("challenge-2"))
          expect(Option.isNone(result.again)).toBe(true)
          expect(Option.isNone(result.expired)).toBe(true)
        }),
    )
  })

export const knownDevicesContract = (name: string, makeLayer: () => Layer.Layer<KnownDevices>) =>
  describe(`KnownDevices contract (${name})`, () => {
    it.live("answers first, then known for the same device and new for another, per member", () =>
      Effect.gen(function* () {
        const result = yield* freshWith(makeLayer)(
          Effect.gen(function* () {
            const devices = yield* KnownDevices
            return [
              yield* devices.signedInFrom(ann, "d1", 1),
              yield* devices.signedInFrom(ann, "d1", 2),
              yield* devices.signedInFrom(ann, "d2", 3),
              yield* devices.signedInFrom(ann, "d2", 4),
              yield* devices.signedInFrom(ben, "d1", 5),
            ]
          }),
        )
        expect(result).toEqual(["first", "known", "new", "known", "first"])
      }),
    )

    it.live(
      "isKnown only reads: a device is known once its member signed in from it, and only to that member",
      () =>
        Effect.gen(function* () {
          const result = yield* freshWith(makeLayer)(
            Effect.gen(function* () {
              const devices = yield* KnownDevices
              const before = yield* devices.isKnown(ann, "d9")
              const stillBefore = yield* devices.isKnown(ann, "d9")
              yield* devices.signedInFrom(ann, "d9", 1)
              return [
                before,
                stillBefore,
                yield* devices.isKnown(ann, "d9"),
                yield* devices.isKnown(ben, "d9"),
              ]
            }),
          )
          expect(result).toEqual([false, false, true, false])
        }),
    )
  })
