/**
 * The demo member's year of history, for development only (FirstStartSeed.ts decides when): what a newcomer
 * needs to see the dashboard's charts, the transactions table and the statement filled on the first start.
 *
 * Every step is a real use case of core (OrderService, GovernanceService, CommunityService, the test-mode card
 * provider's webhook path), run at its own past instant (ClockAt.ts), never rows written around them: the
 * ledger, the sales queue, the payouts, the status histories and the audit log are what those services wrote.
 * Admin steps (funds received, confirm a payment, mark a payout paid) are the ones the CLI runs, made by the
 * demo admin and audited under its name as the CLI audits them.
 *
 * The story (days before today): Dana buys by card, bank, crypto and LU2X; receives Units from Sam, sells part
 * of them (Sam's buys fill the sale from the queue; one payout paid, one owed), sends Units to Sam, converts
 * twice (one unlocked, its remainder paid back; one still locked, its remainder owed); some orders are cancelled, failed, expired, or wait for the admin;
 * she votes on two past votes and asks the community two questions, one answered by Sam as an agent.
 * It keeps to LAND_EUR, LAND_POUND and LAND_AUD: LAND_USD, the unit type every form opens on, is left as the
 * base seed made it, so a newcomer's first try there starts from nothing; the rest of Dana's sale waits in the
 * LAND_POUND queue, where the next confirmed pound buy takes it first (first in, first out).
 *
 * It runs in one transaction: all of it or nothing, and never twice (the demo admin's account is its mark).
 * It stays away from a demo member who has orders already, and from an installation where someone else
 * registered the demo admin's or the second member's email.
 */
import { type Actor, adminActor, memberActor } from "@landunits/core/access/AccessModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "@landunits/core/accounts/ports/PasswordHasher.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import type { Vote } from "@landunits/core/governance/GovernanceModel.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import type { OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { byAdmin } from "@landunits/core/orders/OrderTimeline.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { SquareGateway } from "@landunits/core/orders/ports/SquareGateway.ts"
import { StripeGateway } from "@landunits/core/orders/ports/StripeGateway.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { MAX_CARD_ATTEMPTS } from "@landunits/core/shared/Constants.ts"
import type { PaymentMethod, UnitType } from "@landunits/core/shared/Enums.ts"
import { CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"
import { IdempotencyKey, MemberId, type OrderId } from "@landunits/core/shared/Ids.ts"
import { Clock, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { TEST_CARDS, TestModeCards, testModeGateway } from "../payments/TestModeProvider.ts"
import { deleteOutboxRowsAfter, lastOutboxId } from "../postgres/OutboxRowsPg.ts"
import { runAt } from "./ClockAt.ts"
import { DEMO_ISSUER, setDemoInvoiceSettings } from "./DemoInvoiceSettings.ts"
import { DEMO_EMAIL, DEMO_RATES, setDemoCoinPrices } from "./DemoSeed.ts"

/** The demo admin: the CLI runbook works from the first minute (`--as admin@landunits.example`). */
export const DEMO_ADMIN_EMAIL = "admin@landunits.example"
export const DEMO_ADMIN_PASSWORD = "LandAdmin2026"
/** The second demo member, Dana's counterparty: transfers in and out, the buys that fill her sale. */
export const DEMO_FRIEND_EMAIL = "sam@landunits.example"
export const DEMO_FRIEND_PASSWORD = "LandSam2026"

const DAY = 86_400_000
const DEMO_ADMIN_ID = MemberId.make("mem_demo_admin")
const DEMO_FRIEND_ID = MemberId.make("mem_demo_sam")

/** A step of the history refused by a core service: the whole history is rolled back. */
export class DemoHistoryFailed extends Schema.TaggedError<DemoHistoryFailed>()("DemoHistoryFailed", {
  step: Schema.String,
  message: Schema.String,
}) {}

/**
 * What the history seed did: seeded it; found it seeded (the demo admin exists); found no demo member to give
 * it to; found the demo member with orders already, which it never adds to; or found the demo admin's or the
 * second member's email registered by someone else.
 */
export type DemoHistoryOutcome =
  | "seeded"
  | "alreadySeeded"
  | "noDemoMember"
  | "demoMemberHasOrders"
  | "demoEmailsTaken"

/** Each month's rate drifts a little around the demo rate, so the converted portfolio is not a ruler. */
const driftedRate = (rate: number, month: number) =>
  Math.round(rate * (1 + 0.015 * Math.sin(month * 1.3) + 0.004 * Math.cos(month * 0.7)))

export const seedDemoHistory = Effect.gen(function* () {
  const accounts = yield* AccountRepository
  const demo = yield* accounts.findByEmail(DEMO_EMAIL)
  if (Option.isNone(demo)) return "noDemoMember" as const
  if (Option.isSome(yield* accounts.get(DEMO_ADMIN_ID))) return "alreadySeeded" as const
  for (const email of [DEMO_ADMIN_EMAIL, DEMO_FRIEND_EMAIL])
    if (Option.isSome(yield* accounts.findByEmail(email))) return "demoEmailsTaken" as const
  if ((yield* (yield* OrderRepository).find({ involving: demo.value.memberId })).length > 0)
    return "demoMemberHasOrders" as const
  const sql = yield* SqlClient.SqlClient
  yield* sql.withTransaction(withoutItsEmails(writeHistory(demo.value.memberId))).pipe(
    Effect.provide(demoOrderEngine),
    Effect.catchTag("SqlError", (error) =>
      Effect.fail(new DemoHistoryFailed({ step: "transaction", message: error.message })),
    ),
  )
  return "seeded" as const
})

/**
 * The history's own order engine: its card payments are the built-in test mode's, whatever keys the installation
 * has, so a demo never creates a payment at a real provider. The test mode answers in the process, so these run
 * inside the history's one transaction; the app's own engine is built with its providers guarded against that
 * (core's OutsideTransaction.ts).
 */
const demoOrderEngine = Layer.fresh(OrderService.layer).pipe(
  Layer.provide(
    Layer.mergeAll(
      Layer.succeed(StripeGateway)(testModeGateway("stripe")),
      Layer.succeed(SquareGateway)(testModeGateway("square")),
    ),
  ),
)

/**
 * The money-step emails the history's commands enqueue are of the past ("Pay before Dec 12, 2025"): they are taken
 * out of the outbox in the same transaction, so none is ever sent. Only the rows the history added, to its people.
 */
const withoutItsEmails = <A, E, R>(history: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const before = yield* lastOutboxId
    const written = yield* history
    yield* deleteOutboxRowsAfter(before, [DEMO_EMAIL, DEMO_FRIEND_EMAIL, DEMO_ADMIN_EMAIL])
    return written
  })

const writeHistory = (dana: MemberId) =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepository
    const hasher = yield* PasswordHasher
    const orders = yield* OrderService
    const governance = yield* GovernanceService
    const community = yield* CommunityService
    const auditLog = yield* AuditLog
    const cards = yield* TestModeCards
    const settings = yield* PricingSettings

    const today = new Date(yield* Clock.currentTimeMillis)
    const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
    /** `days` before today, at `hour` o'clock UTC. */
    const daysAgo = (days: number, hour = 10) => midnight - days * DAY + hour * 3_600_000

    /** Runs one step at its instant; a refusal names the step. */
    const step = <A, E extends { readonly message: string }, R>(
      name: string,
      at: number,
      effect: Effect.Effect<A, E, R>,
    ) =>
      runAt(at)(effect).pipe(
        Effect.mapError((error) => new DemoHistoryFailed({ step: name, message: error.message })),
      )
    const key = (name: string) => IdempotencyKey.make(`demo-history:${name}`)

    // The people: Dana, whose history this is, Sam (a verified member) and Ada (the admin), all registered
    // a year ago.
    const joined = daysAgo(368, 9)
    const danaAccount = yield* accounts.get(dana)
    if (Option.isSome(danaAccount))
      yield* accounts.update({ ...danaAccount.value, createdAt: joined, emailConfirmedAt: joined })
    const sam = DEMO_FRIEND_ID
    const ada = DEMO_ADMIN_ID
    yield* step(
      "accounts",
      joined,
      Effect.gen(function* () {
        for (const person of [
          {
            memberId: sam,
            email: DEMO_FRIEND_EMAIL,
            password: DEMO_FRIEND_PASSWORD,
            first: "Sam",
            last: "Green",
            role: "member" as const,
          },
          {
            memberId: ada,
            email: DEMO_ADMIN_EMAIL,
            password: DEMO_ADMIN_PASSWORD,
            first: "Ada",
            last: "Admin",
            role: "admin" as const,
          },
        ]) {
          yield* accounts.insert({
            memberId: person.memberId,
            email: person.email,
            firstName: person.first,
            lastName: person.last,
            userType: "USER",
            role: person.role,
            passwordHash: yield* hasher.hash(person.password),
            emailConfirmedAt: joined,
            firstLogin: false,
            createdAt: joined,
          })
        }
        yield* (yield* KycStore).save({
          memberId: sam,
          kycInfo: {
            ...emptyKycInfo,
            address: {
              houseNumber: "12",
              streetAddress: "Mill Road",
              townCity: "Cambridge",
              postcode: "CB1 2AD",
              country: "United Kingdom",
            },
            contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900456" },
            kycStatus: "Verified",
          },
          updatedAt: joined,
        })
      }),
    )

    // A year of exchange rates, one change a month, so every day of the charts converts.
    for (let month = 0; month <= 12; month++) {
      const day = formatIsoDate(daysAgo(368 - month * 30))
      for (const [from, to, rate] of DEMO_RATES) {
        const drifted = driftedRate(rate, month)
        yield* settings.setRate({ from, to, rate: drifted, day })
        yield* settings.setRate({ from: to, to: from, rate: Math.round(1e12 / drifted), day })
      }
    }

    /** Ada as the orders' timelines name her. */
    const byAda = byAdmin({ adminId: ada, name: "Ada Admin", email: DEMO_ADMIN_EMAIL })
    const adminActs = (action: string, subject: string, at: number) =>
      runAt(at)(
        Effect.gen(function* () {
          yield* auditLog.append({
            actor: ada,
            action,
            subject,
            details: { via: "demo-seed" },
            at: yield* Clock.currentTimeMillis,
          })
        }),
      )

    // Invoices from the first confirmed buy: the demo issuer and its tax notes, set by Ada as the CLI sets them.
    yield* setDemoInvoiceSettings
    yield* adminActs("invoices.setIssuer", `issuer:${DEMO_ISSUER.issuerId}`, daysAgo(369))
    for (const currency of CurrencyTypes)
      yield* adminActs("invoices.setTax", `currency:${currency}`, daysAgo(369))

    /** A buy up to the member's "I have paid" (bank; crypto with a transaction hash never starts here). */
    const buy = (
      name: string,
      at: number,
      buyer: MemberId,
      unitType: UnitType,
      numberOfUnits: number,
      paymentMethod: PaymentMethod,
      isDoubleLand = false,
    ) =>
      step(
        name,
        at,
        Effect.andThen(
          // A crypto buy needs a coin priced at its instant: the demo's prices of that day.
          paymentMethod === "crypto" ? setDemoCoinPrices(at) : Effect.void,
          orders.createBuy({
            confirmsBusinessPurpose: true,
            memberId: buyer,
            idempotencyKey: key(`${name}:create`),
            unitType,
            numberOfUnits,
            paymentMethod,
            isDoubleLand,
          }),
        ),
      )
    const startPayment = (name: string, at: number, order: OrderRecord) =>
      step(
        name,
        at,
        orders.startPayment({
          memberId: order.memberId,
          idempotencyKey: key(`${name}:start`),
          orderId: order.orderId,
        }),
      )
    const memberPaid = (name: string, at: number, order: OrderRecord) =>
      step(
        name,
        at,
        orders.successOrder({
          memberId: order.memberId,
          idempotencyKey: key(`${name}:paid`),
          orderId: order.orderId,
        }),
      )
    const fundsReceived = (name: string, at: number, orderId: OrderId) =>
      Effect.gen(function* () {
        yield* step(
          name,
          at,
          orders.markFundsReceived({ idempotencyKey: key(`${name}:funds`), orderId, actor: byAda }),
        )
        yield* adminActs("orders.fundsReceived", `order:${orderId}`, at)
      })
    const confirm = (name: string, at: number, orderId: OrderId) =>
      Effect.gen(function* () {
        const confirmed = yield* step(
          name,
          at,
          orders.confirmPayment({ idempotencyKey: key(`${name}:confirm`), orderId, actor: byAda }),
        )
        yield* adminActs("orders.confirmPayment", `order:${orderId}`, at)
        return confirmed
      })
    /** A bank buy the admin confirms: paid by the member, funds seen, confirmed, a day or two apart. */
    const bankBuy = (
      name: string,
      at: number,
      buyer: MemberId,
      unitType: UnitType,
      units: number,
      lu2x = false,
    ) =>
      Effect.gen(function* () {
        const order = yield* buy(name, at, buyer, unitType, units, "bank", lu2x)
        yield* startPayment(name, at + 60_000, order)
        yield* memberPaid(name, at + 3_600_000, order)
        yield* fundsReceived(name, at + DAY, order.orderId)
        return yield* confirm(name, at + DAY + 1_800_000, order.orderId)
      })
    /** A card buy paid with a test card on the test-mode provider's page, settled by its signed webhook. */
    const cardBuy = (
      name: string,
      at: number,
      buyer: MemberId,
      unitType: UnitType,
      units: number,
      method: "card-stripe" | "card-square",
      cardNumber: string = TEST_CARDS.succeeds,
    ) =>
      Effect.gen(function* () {
        const order = yield* buy(name, at, buyer, unitType, units, method)
        yield* startPayment(name, at + 60_000, order)
        return yield* step(
          name,
          at + 120_000,
          cards.pay({ memberId: buyer, orderId: order.orderId, cardNumber }),
        )
      })

    /** Dana sends or Sam sends: a free transfer, Completed at once. */
    const transfer = (
      name: string,
      at: number,
      from: MemberId,
      to: string,
      unitType: UnitType,
      units: number,
    ) =>
      step(
        name,
        at,
        orders.createTransfer({
          memberId: from,
          idempotencyKey: key(name),
          unitType,
          numberOfUnits: units,
          recipientEmail: to,
        }),
      )
    const convert = (name: string, at: number, from: UnitType, to: UnitType, units: number) =>
      step(
        name,
        at,
        orders.createConvert({
          memberId: dana,
          idempotencyKey: key(name),
          fromUnitType: from,
          toUnitType: to,
          numberOfUnits: units,
        }),
      )
    const cancel = (name: string, at: number, order: OrderRecord) =>
      step(
        name,
        at,
        orders.cancelBuy({
          memberId: order.memberId,
          idempotencyKey: key(`${name}:cancel`),
          orderId: order.orderId,
        }),
      )
    const newVote = (
      name: string,
      at: number,
      title: string,
      description: string,
      days: number,
      quiz: boolean,
    ) =>
      Effect.gen(function* () {
        const created = yield* step(
          name,
          at,
          governance.createVote(adminActor(ada), {
            title,
            description,
            opensAt: at + DAY,
            closesAt: at + (days + 1) * DAY,
            quiz: quiz
              ? [
                  {
                    questionId: "q1",
                    question: "What does a restored wetland store in its soil?",
                    options: [
                      { optionId: "a", text: "Carbon" },
                      { optionId: "b", text: "Plastic" },
                    ],
                    rightOptionId: "a",
                  },
                ]
              : [],
          }),
        )
        yield* adminActs("content.addVote", `vote:${created.voteId}`, at)
        return created
      })
    const vote = (
      name: string,
      at: number,
      voter: Actor,
      voteId: Vote["voteId"],
      answer: "y" | "n",
      quiz: boolean,
    ) =>
      Effect.gen(function* () {
        if (quiz) yield* step(name, at, governance.submitQuizAnswers(voter, voteId, { q1: "a" }))
        yield* step(name, at + 60_000, governance.castBallot(voter, voteId, answer))
      })

    // Dana's first buy, by card; Sam's by bank, which the admin confirms; Dana's in pounds by bank.
    yield* cardBuy("dana-card-eur", daysAgo(360), dana, "LAND_EUR", 500, "card-stripe")
    yield* bankBuy("sam-bank-eur", daysAgo(352), sam, "LAND_EUR", 400)
    yield* bankBuy("dana-bank-gbp", daysAgo(330), dana, "LAND_POUND", 300)
    // Cards the bank declined: the order stays open for another card, and the fifth declined closes it (Failed,
    // its Units released).
    yield* Effect.gen(function* () {
      const at = daysAgo(300)
      const name = "dana-card-declined"
      const order = yield* cardBuy(name, at, dana, "LAND_EUR", 200, "card-square", TEST_CARDS.declined)
      for (let attempt = 2; attempt <= MAX_CARD_ATTEMPTS; attempt++) {
        const tried = at + attempt * 180_000
        yield* step(
          name,
          tried,
          orders.startPayment({
            memberId: dana,
            idempotencyKey: key(`${name}:start:${attempt}`),
            orderId: order.orderId,
          }),
        )
        yield* step(
          name,
          tried + 60_000,
          cards.pay({ memberId: dana, orderId: order.orderId, cardNumber: TEST_CARDS.declined }),
        )
      }
    })
    // The LU2X offer: half price, owned_DOUBLE_LAND, vesting 10% a month from 6 months on.
    yield* bankBuy("dana-lu2x", daysAgo(280), dana, "LAND_EUR", 1000, true)
    // Crypto: the admin confirms the coins arrived.
    const cryptoPaid = yield* buy("dana-crypto-aud", daysAgo(250), dana, "LAND_AUD", 150, "crypto")
    yield* confirm("dana-crypto-aud", daysAgo(249, 15), cryptoPaid.orderId)
    // Sam sends Dana Units.
    yield* transfer("sam-transfer-in", daysAgo(240), sam, DEMO_EMAIL, "LAND_EUR", 50)

    // A vote with a quiz, closed since: both pass the quiz and vote.
    const wetland = yield* newVote(
      "vote-wetland",
      daysAgo(215),
      "Restore the wetland at Somerset Levels Farm",
      "Should the farm's lowest fields return to wet grassland for wading birds?",
      30,
      true,
    )
    yield* vote("dana-votes-wetland", daysAgo(205), memberActor(dana), wetland.voteId, "y", true)
    yield* vote("sam-votes-wetland", daysAgo(200), memberActor(sam), wetland.voteId, "y", true)

    // Dana sells 210 (10 are the fee); Sam's card buy takes 120 from the queue, first in, first out, and the
    // admin pays Dana's payout for them.
    const sell = yield* step(
      "dana-sells-gbp",
      daysAgo(195),
      orders.createSell({
        memberId: dana,
        idempotencyKey: key("dana-sells-gbp"),
        unitType: "LAND_POUND",
        numberOfUnits: 210,
      }),
    )
    yield* cardBuy("sam-card-gbp", daysAgo(190), sam, "LAND_POUND", 120, "card-stripe")
    for (const payout of (yield* orders.payouts(dana)).filter((p) => p.sellOrderId === sell.orderId)) {
      yield* step(
        "payout-paid",
        daysAgo(186),
        orders.markPayoutPaid({
          actor: byAda,
          idempotencyKey: key(`payout-paid:${payout.payoutId}`),
          payoutId: payout.payoutId,
        }),
      )
      yield* adminActs("payouts.paid", `payout:${payout.payoutId}`, daysAgo(186))
    }
    // Dana sends Sam Units.
    yield* transfer("dana-transfer-out", daysAgo(170), dana, DEMO_FRIEND_EMAIL, "LAND_POUND", 25)
    // Sam's bank buy takes 40 more of the sale: a second payout, still owed; 40 wait in the queue.
    yield* bankBuy("sam-bank-gbp", daysAgo(160), sam, "LAND_POUND", 40)

    // A convert, unlocked by the order jobs once its 30 days were over; the admin paid its remainder (the
    // value of the Units (€) that bought no whole Unit (£)) with the other payouts.
    const converted = yield* convert("dana-converts-eur", daysAgo(150), "LAND_EUR", "LAND_POUND", 100)
    const remainder = converted.convert?.remainderPayoutId
    if (remainder !== undefined) {
      yield* step(
        "remainder-paid",
        daysAgo(146),
        orders.markPayoutPaid({
          actor: byAda,
          idempotencyKey: key(`payout-paid:${remainder}`),
          payoutId: remainder,
        }),
      )
      yield* adminActs("payouts.paid", `payout:${remainder}`, daysAgo(146))
    }
    // Crypto never paid: one cancelled by Dana, one expired by the order jobs after 72 hours.
    const cryptoCancelled = yield* buy("dana-crypto-cancelled", daysAgo(125), dana, "LAND_AUD", 80, "crypto")
    yield* cancel("dana-crypto-cancelled", daysAgo(125, 11), cryptoCancelled)
    yield* step("unlock-converts", daysAgo(119, 2), orders.unlockDue({ idempotencyKey: key("unlock-due") }))
    yield* buy("dana-crypto-expired", daysAgo(110), dana, "LAND_EUR", 60, "crypto")
    yield* step("expire-unpaid", daysAgo(106), orders.expireDue({ idempotencyKey: key("expire-due") }))

    // A second vote, without a quiz, closed since.
    const solar = yield* newVote(
      "vote-solar",
      daysAgo(100),
      "Solar panels on the barns of Dordogne Mixed Woodland",
      "Should the project's barn roofs carry solar panels that power the farm?",
      20,
      false,
    )
    yield* vote("dana-votes-solar", daysAgo(95), memberActor(dana), solar.voteId, "y", false)
    yield* vote("sam-votes-solar", daysAgo(94), memberActor(sam), solar.voteId, "n", false)

    // A bank buy Dana cancelled before paying.
    const bankCancelled = yield* buy("dana-bank-cancelled", daysAgo(85), dana, "LAND_POUND", 120, "bank")
    yield* cancel("dana-bank-cancelled", daysAgo(85, 12), bankCancelled)

    // Sam becomes a community agent; Dana asks, Sam answers.
    const application = yield* step(
      "sam-applies-agent",
      daysAgo(75),
      community.applyAsAgent(memberActor(sam), {
        reason: "I have farmed in Cambridgeshire for twenty years.",
        experienceAndMotivation: "I would like to help new members understand how the land is managed.",
      }),
    )
    yield* step(
      "admin-approves-agent",
      daysAgo(74),
      community.decideApplication(adminActor(ada), application.applicationId, "Approved"),
    )
    const asked = yield* step(
      "dana-asks",
      daysAgo(60),
      community.createQuestion(memberActor(dana), "How often are the hedgerows at the projects surveyed?"),
    )
    yield* step(
      "sam-answers",
      daysAgo(58),
      community.answerQuestion(
        memberActor(sam),
        asked.questionId,
        "Twice a year, in spring and autumn; the results are in the project reports.",
      ),
    )

    // A card buy in Australian dollars.
    yield* cardBuy("dana-card-aud", daysAgo(45), dana, "LAND_AUD", 100, "card-square")
    // A convert still locked: its 30 days end after today; its remainder is still owed.
    yield* convert("dana-converts-gbp", daysAgo(18), "LAND_POUND", "LAND_AUD", 50)
    // A question still open.
    yield* step(
      "dana-asks-again",
      daysAgo(12),
      community.createQuestion(memberActor(dana), "Will the next report show the wetland's bird counts?"),
    )
    // A bank buy Dana says she paid, waiting for the admin to see the funds.
    const waiting = yield* buy("dana-bank-waiting", daysAgo(3), dana, "LAND_EUR", 80, "bank")
    yield* startPayment("dana-bank-waiting", daysAgo(3) + 60_000, waiting)
    yield* memberPaid("dana-bank-waiting", daysAgo(3, 16), waiting)
  })
