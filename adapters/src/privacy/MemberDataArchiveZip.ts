/**
 * MemberDataArchive as a zip (fflate's `zipSync`): everything the platform holds about one member, read by their
 * member id only, as JSON (complete) and CSV (the tables a spreadsheet opens: orders, ledger entries, payouts,
 * messages), with their KYC documents decrypted under `kyc/documents/`. GDPR articles 15 and 20: a copy of the
 * data, in a structured, commonly used, machine-readable format. The file list is in README.txt inside.
 */
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import { MemberDataArchive } from "@landunits/core/privacy/ports/MemberDataArchive.ts"
import { csvRow } from "@landunits/core/statements/StatementCsv.ts"
import { Effect, Layer } from "effect"
import { strToU8, type Zippable, zipSync } from "fflate"
import { MemberDataRowsPg } from "../postgres/MemberDataRowsPg.ts"

type Row = Record<string, unknown>

/** PostgreSQL's bigint columns (units, instants) arrive as bigint: written as the numbers they are. */
const plain = (_key: string, value: unknown) => (typeof value === "bigint" ? Number(value) : value)

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
      ? JSON.stringify(value, plain)
      : String(value)

/** RFC 4180, with a formula-starting cell quoted as the statements' CSV does. */
export const toCsv = (rows: ReadonlyArray<Row>, columns: ReadonlyArray<string>): string =>
  csvRow(columns) + rows.map((r) => csvRow(columns.map((c) => text(r[c])))).join("")

const json = (value: unknown) => strToU8(`${JSON.stringify(value, plain, 2)}\n`)
const csv = (rows: ReadonlyArray<Row>, columns: ReadonlyArray<string>) => strToU8(toCsv(rows, columns))

/** An account key of another member becomes `member:another-member:<bucket>`; the member's own and platform keys stay. */
const otherMember = (key: string, own: string) =>
  key.startsWith("member:") && !key.startsWith(own)
    ? key.replace(/^member:[^:]+:/, "member:another-member:")
    : key

/** A name safe in a zip on every system: letters, digits, dot, dash and underscore. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120) || "document"

const README = `Your data at Landunits

This archive holds everything Landunits keeps about you, and nothing about anyone else (GDPR articles 15 and 20).
Instants are epoch milliseconds (UTC) unless named otherwise; money is in cents; prices in 1/1000 of a currency unit.

profile.json                  your account: names, email, member type, terms accepted, when you registered
kyc/record.json               your identity check: the details you gave and its status
kyc/documents/                the documents you uploaded (passport, registration, optional), as you sent them
orders.json, orders.csv       your orders (buy, sell, transfer, convert) with their payment details and timelines
ledger-entries.json, .csv     every movement of Units to or from your accounts, as the ledger records it (another
                              member's account is shown as member:another-member:<account>)
balances.json                 your Units per unit type and account now
payouts.json, payouts.csv     money owed or paid to you for Units sold
votes.json                    your ballots and quiz answers
messages/sales-chat.json, .csv    your conversation with the sales team
messages/questions.json       the community questions you asked, with their answers
ideas.json                    the community ideas you posted and the ones you upvoted
agent-applications.json       your applications to become a community agent
subscriptions.json            your email choices and newsletter sign-up
`

export const MemberDataArchiveZip = Layer.effect(MemberDataArchive)(
  Effect.gen(function* () {
    const rows = yield* MemberDataRowsPg
    const documents = yield* DocumentStore
    return MemberDataArchive.of({
      build: Effect.fn("MemberDataArchiveZip.build")(function* (memberId, at) {
        const r = yield* rows.records(memberId)
        const { passwordHash: _, ...profile } = r.account[0]?.record ?? {}
        const email = typeof profile.email === "string" ? profile.email.toLowerCase() : ""
        const newsletter = yield* rows.newsletter(email)
        const files: Zippable = {
          "README.txt": strToU8(README),
          "profile.json": json({ memberId, exportedAt: new Date(at).toISOString(), ...profile }),
          "kyc/record.json": json(r.kyc[0]?.record ?? null),
        }
        for (const described of yield* documents.list(memberId)) {
          const stored = yield* documents.get(memberId, described.documentId)
          if (stored._tag === "Some") {
            files[`kyc/documents/${safeName(described.documentId)}-${safeName(described.fileName)}`] =
              stored.value.bytes
          }
        }
        const orders = r.orders.map((o) => o.record)
        files["orders.json"] = json(orders)
        files["orders.csv"] = csv(
          orders.map((o) => ({
            ...o,
            unitType: (o.currencyUnit as Row | undefined)?.unitType,
            numberOfUnits: (o.currencyUnit as Row | undefined)?.numberOfUnits,
            paymentMethod: (o.paymentDetails as Row | undefined)?.paymentMethod,
            paymentAmount: (o.paymentDetails as Row | undefined)?.paymentAmount,
            currency: (o.paymentDetails as Row | undefined)?.currency,
          })),
          [
            "orderId",
            "orderType",
            "orderStatus",
            "unitType",
            "numberOfUnits",
            "paymentMethod",
            "paymentAmount",
            "currency",
            "createdAt",
            "updatedAt",
          ],
        )
        // The other side of a transfer between members is another member: named as such, never by their id.
        const own = `member:${memberId}:`
        const transfers = r.transfers.map((t) => ({
          ...t,
          from_key: otherMember(String(t.from_key), own),
          to_key: otherMember(String(t.to_key), own),
        }))
        const transferColumns = ["transfer_id", "order_id", "unit_type", "from_key", "to_key", "units", "at"]
        files["ledger-entries.json"] = json(transfers)
        files["ledger-entries.csv"] = csv(transfers, transferColumns)
        files["balances.json"] = json(r.balances)
        const payouts = r.payouts.map((p) => p.record)
        files["payouts.json"] = json(payouts)
        files["payouts.csv"] = csv(payouts, [
          "payoutId",
          "kind",
          "sellOrderId",
          "unitType",
          "units",
          "amountCents",
          "currency",
          "status",
          "createdAt",
        ])
        files["votes.json"] = json({ ballots: r.ballots, quizAttempts: r.quizzes })
        files["messages/sales-chat.json"] = json(r.chat)
        files["messages/sales-chat.csv"] = csv(r.chat, ["message_id", "sender", "author_name", "body", "at"])
        files["messages/questions.json"] = json(r.questions.map((q) => q.record))
        files["ideas.json"] = json({ posted: r.ideas.map((i) => i.record), upvoted: r.upvotes })
        files["agent-applications.json"] = json(r.applications.map((a) => a.record))
        files["subscriptions.json"] = json({
          emailChoices: r.subscriptions[0] ?? null,
          newsletter: newsletter[0] ?? null,
        })
        const day = new Date(at).toISOString().slice(0, 10)
        return {
          fileName: `landunits-data-${day}.zip`,
          bytes: zipSync(files, { level: 6, mtime: new Date(at) }),
        }
      }),
    })
  }),
)
