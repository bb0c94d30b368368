/**
 * The contract of SignedInMembers: run on memory (over the stores it combines) here, on PostgreSQL (one statement)
 * by the adapters' tests. Its answer is defined as the separate reads' answer: the session and account
 * (SignedInAccounts), the KYC record, the member's transfers and every order behind them, whoever placed it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, type Layer, Option } from "effect"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { emptyKycInfo } from "../../src/kyc/KycModel.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { SignedInMembers } from "../../src/members/ports/SignedInMembers.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"
import { anAccount } from "./AccountStoresContract.ts"
import { completeDetails } from "./KycFixtures.ts"
import { aBuy } from "./OrderStoresContract.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")
const cas = MemberId.make("mem_cas")

const transfer = (
  id: string,
  orderId: string,
  fields: Pick<Transfer, "from" | "to" | "units">,
): Transfer => ({
  transferId: TransferId.make(`trf_${id}`),
  orderId: OrderId.make(orderId),
  unitType: "LAND_EUR",
  at: 1_700_000_000_000 + Number(id),
  ...fields,
})

export const signedInMembersContract = (
  name: string,
  makeLayer: () => Layer.Layer<
    SignedInMembers | SessionStore | AccountRepository | KycStore | LedgerStore | OrderRepository
  >,
) =>
  describe(`SignedInMembers contract (${name})`, () => {
    it.live(
      "answers a live session with the account, KYC record, transfers and every order behind them; nothing else",
      () =>
        Effect.gen(function* () {
          // Ann buys 5; Ben's buy takes 2 of hers (an order of Ben's moves Ann's Units); Ben buys 3 more; Cas has nothing.
          const t1 = transfer("1", "ord_ann", { from: ISSUANCE, to: member(ann, "owned"), units: 5 })
          const t2 = transfer("2", "ord_ben", {
            from: member(ann, "owned"),
            to: member(ben, "owned"),
            units: 2,
          })
          const t3 = transfer("3", "ord_ben_2", { from: ISSUANCE, to: member(ben, "owned"), units: 3 })
          const kyc = {
            memberId: ann,
            kycInfo: { ...emptyKycInfo, ...completeDetails, kycStatus: "Verified" as const },
            updatedAt: 1_700_000_000_000,
          }
          const result = yield* Effect.provide(
            Effect.gen(function* () {
              const accounts = yield* AccountRepository
              const sessions = yield* SessionStore
              const orders = yield* OrderRepository
              const ledger = yield* LedgerStore
              yield* accounts.insert(anAccount(ann, "ann@example.com"))
              yield* accounts.insert(anAccount(ben, "ben@example.com"))
              yield* accounts.insert(anAccount(cas, "cas@example.com"))
              for (const [sessionId, memberId, expiresAt] of [
                ["s-ann", ann, 100],
                ["s-ben", ben, 100],
                ["s-cas", cas, 100],
                ["s-ann-old", ann, 10],
              ] as const) {
                yield* sessions.create({ sessionId, memberId, createdAt: 0, expiresAt, lastSeenAt: 5 })
              }
              yield* (yield* KycStore).save(kyc)
              const annBuy = yield* orders.insert(aBuy("ord_ann", { memberId: ann }))
              const benBuy = yield* orders.insert(aBuy("ord_ben", { memberId: ben }))
              const benBuy2 = yield* orders.insert(aBuy("ord_ben_2", { memberId: ben }))
              yield* ledger.append([t1])
              yield* ledger.append([t2])
              yield* ledger.append([t3])
              const signedIn = yield* SignedInMembers
              return {
                ann: yield* signedIn.find("s-ann", 50),
                ben: yield* signedIn.find("s-ben", 50),
                cas: yield* signedIn.find("s-cas", 50),
                expired: yield* signedIn.find("s-ann-old", 50),
                unknown: yield* signedIn.find("nope", 50),
                orders: { annBuy, benBuy, benBuy2 },
              }
            }),
            makeLayer(),
          )
          const { annBuy, benBuy, benBuy2 } = result.orders
          const ann_ = Option.getOrThrow(result.ann)
          expect(ann_.account).toEqual(anAccount(ann, "ann@example.com"))
          expect(ann_.session).toMatchObject({
            sessionId: "s-ann",
            memberId: ann,
            expiresAt: 100,
            lastSeenAt: 5,
          })
          expect(ann_.records).toEqual({
            kyc: Option.some(kyc),
            transfers: [t1, t2],
            orders: [annBuy, benBuy],
          })
          expect(Option.getOrThrow(result.ben).records).toEqual({
            kyc: Option.none(),
            transfers: [t2, t3],
            orders: [benBuy, benBuy2],
          })
          expect(Option.getOrThrow(result.cas).records).toEqual({
            kyc: Option.none(),
            transfers: [],
            orders: [],
          })
          expect(Option.isNone(result.expired)).toBe(true)
          expect(Option.isNone(result.unknown)).toBe(true)
        }),
    )

    it.live("dies on a broken ledger: a transfer whose order is not stored is not an answer", () =>
      Effect.gen(function* () {
        const exit = yield* Effect.exit(
          Effect.provide(
            Effect.gen(function* () {
              yield* (yield* AccountRepository).insert(anAccount(ann, "ann@example.com"))
              yield* (yield* SessionStore).create({
                sessionId: "s-ann",
                memberId: ann,
                createdAt: 0,
                expiresAt: 100,
                lastSeenAt: 5,
              })
              yield* (yield* OrderRepository).insert(aBuy("ord_ann", { memberId: ann }))
              yield* (yield* LedgerStore).append([
                transfer("1", "ord_ann", { from: ISSUANCE, to: member(ann, "owned"), units: 5 }),
                transfer("2", "ord_gone", { from: ISSUANCE, to: member(ann, "owned"), units: 1 }),
              ])
              return yield* (yield* SignedInMembers).find("s-ann", 50)
            }),
            makeLayer(),
          ),
        )
        expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
        expect(Exit.isFailure(exit) ? Cause.pretty(exit.cause) : "").toContain("Order ord_gone was not found")
      }),
    )
  })
