/** The ApprovalStore port on PostgreSQL (tables approval_requests and approval_thresholds, migration 2820). */
import {
  type ApprovalAdmin,
  type ApprovalRequest,
  ApprovalRequest as ApprovalRequestSchema,
} from "@landunits/core/approvals/ApprovalModel.ts"
import { ApprovalStore } from "@landunits/core/approvals/ports/ApprovalStore.ts"
import type { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

interface Row {
  readonly request_id: string
  readonly command: string
  readonly params: unknown
  readonly summary: string
  readonly amount_minor: string | number | null
  readonly currency: string | null
  readonly requester: unknown
  readonly requested_at: string | number
  readonly expires_at: string | number
  readonly status: string
  readonly decider: unknown
  readonly decided_at: string | number | null
  readonly reason: string | null
  readonly outcome: string | null
}

const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value)

const decode = Schema.decodeUnknownSync(ApprovalRequestSchema)

/** A row as the port's request; a row that is not one is a defect (the table is written only here). */
const fromRow = (r: Row): ApprovalRequest =>
  decode({
    requestId: r.request_id,
    command: r.command,
    params: json(r.params),
    summary: r.summary,
    ...(r.amount_minor === null
      ? {}
      : { amount: { amountMinor: Number(r.amount_minor), currency: r.currency } }),
    requestedBy: json(r.requester),
    requestedAt: Number(r.requested_at),
    expiresAt: Number(r.expires_at),
    status: r.status,
    ...(r.decider === null ? {} : { decidedBy: json(r.decider) }),
    ...(r.decided_at === null ? {} : { decidedAt: Number(r.decided_at) }),
    ...(r.reason === null ? {} : { reason: r.reason }),
    ...(r.outcome === null ? {} : { outcome: r.outcome }),
  })

const admin = (a: ApprovalAdmin | undefined) =>
  a === undefined ? null : JSON.stringify({ adminId: a.adminId, name: a.name, email: a.email })

export const ApprovalStorePg = Layer.effect(ApprovalStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const one = (rows: ReadonlyArray<Row>) => Option.map(Option.fromNullishOr(rows[0]), fromRow)
    return ApprovalStore.of({
      insert: (r) =>
        sql`
          INSERT INTO approval_requests (request_id, command, params, summary, amount_minor, currency,
            requested_by, requester, requested_at, expires_at, status, decider, decided_at, reason, outcome)
          VALUES (${r.requestId}, ${r.command}, ${JSON.stringify(r.params)}::jsonb, ${r.summary},
            ${r.amount?.amountMinor ?? null}, ${r.amount?.currency ?? null}, ${r.requestedBy.adminId},
            ${admin(r.requestedBy)}::jsonb, ${r.requestedAt}, ${r.expiresAt}, ${r.status},
            ${admin(r.decidedBy)}::jsonb, ${r.decidedAt ?? null}, ${r.reason ?? null}, ${r.outcome ?? null})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      save: (r) =>
        sql`
          UPDATE approval_requests SET status = ${r.status}, decider = ${admin(r.decidedBy)}::jsonb,
            decided_at = ${r.decidedAt ?? null}, reason = ${r.reason ?? null}, outcome = ${r.outcome ?? null}
          WHERE request_id = ${r.requestId}`.pipe(Effect.asVoid, Effect.orDie),
      get: (requestId) =>
        sql<Row>`SELECT * FROM approval_requests WHERE request_id = ${requestId}`.pipe(
          Effect.map(one),
          Effect.orDie,
        ),
      lock: (requestId) =>
        sql<Row>`SELECT * FROM approval_requests WHERE request_id = ${requestId} FOR UPDATE`.pipe(
          Effect.map(one),
          Effect.orDie,
        ),
      list: (filter) =>
        sql<Row>`
          SELECT * FROM approval_requests
          WHERE ${filter.requestedBy === undefined ? sql`TRUE` : sql`requested_by = ${filter.requestedBy}`}
            AND ${filter.status === undefined ? sql`TRUE` : sql`status = ${filter.status}`}
          ORDER BY requested_at DESC, request_id DESC`.pipe(
          Effect.map((rows) => rows.map(fromRow)),
          Effect.orDie,
        ),
      thresholds: sql<{ currency: CurrencyType; minor_units: string | number }>`
        SELECT currency, minor_units FROM approval_thresholds`.pipe(
        Effect.map((rows) => Object.fromEntries(rows.map((r) => [r.currency, Number(r.minor_units)]))),
        Effect.orDie,
      ),
      setThreshold: (currency, minorUnits) =>
        sql`
          INSERT INTO approval_thresholds (currency, minor_units) VALUES (${currency}, ${minorUnits})
          ON CONFLICT (currency) DO UPDATE SET minor_units = EXCLUDED.minor_units`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
    })
  }),
)
