/**
 * What the admins' use cases share (issue 37): the admin acting as the audit log, an order's timeline and a
 * command's idempotency key name them; a refusal as one clear message (`AdminOperationRefused`, which the CLI
 * prints as its own refusal); an option's value checked against what it accepts; and the question an admin
 * answers before a change (`Ask`: the CLI's --yes or its terminal), put by the use case when it knows what it
 * would do. The use cases themselves live in their context (`<Context>Admin.ts`); the CLI's commands only parse,
 * ask, call one of them and print (docs/architecture.md).
 */
import { Clock, Effect, Schema } from "effect"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { type ActorAdmin, byAdmin } from "../orders/OrderTimeline.ts"
import { IdempotencyKey, type MemberId } from "../shared/Ids.ts"
import { type Actor, adminActor } from "./AccessModel.ts"
import {
  type ActingAdmin,
  AdminOperationRefused,
  type ApprovalFacts,
  type OperationParams,
} from "./AdminOperationRunner.ts"

/** The question an admin answers before a change; failing refuses it (the CLI's ConfirmationRequired…). */
export type Ask = (question: string) => Effect.Effect<void, unknown>

/**
 * Who acts, as the audit log records them: an admin's account, or for bootstrap work (the first admin of an
 * installation, made from the shell) the OS user as `os:<name>`; where from (`cli`), and the shell's OS user.
 */
export interface Auditor {
  readonly actor: MemberId
  readonly via: string
  readonly osUser: string
}

export const auditorOf = (acting: ActingAdmin | Auditor): Auditor =>
  "admin" in acting ? { actor: acting.admin.adminId, via: acting.via, osUser: acting.osUser } : acting

/** The admin as core's access checks take them. */
export const actorOf = (acting: ActingAdmin): Actor => adminActor(acting.admin.adminId)

/** The admin as an order's timeline names them (id, name and email). */
export const orderActorOf = (acting: ActingAdmin): ActorAdmin => byAdmin(acting.admin)

/**
 * An admin command's idempotency key: the same command on the same thing (a retried shell line, an approval)
 * acts once. The `cli:` prefix is the one the keys were first stored with.
 */
export const adminCommandKey = (command: string, subject: string) =>
  IdempotencyKey.make(`cli:${command}:${subject}`)

/** Writes what the admin changed to the audit log: who (admin and OS user), when, what, and an approval's facts. */
export const auditAdmin = (
  acting: ActingAdmin | Auditor,
  action: string,
  subject: string,
  details: Readonly<Record<string, string>> = {},
  facts: ApprovalFacts = {},
) =>
  Effect.gen(function* () {
    const who = auditorOf(acting)
    yield* (yield* AuditLog).append({
      actor: who.actor,
      action,
      subject,
      details: { ...details, ...facts, via: who.via, osUser: who.osUser },
      at: yield* Clock.currentTimeMillis,
    })
  })

export const refuse = (message: string) => Effect.fail(new AdminOperationRefused({ message }))

/** A recorded operation's parameter; refused when missing. */
export const param = (params: OperationParams, name: string) => {
  const value = params[name]
  return value === undefined ? refuse(`${name} is required`) : Effect.succeed(value)
}

/** An option's value decoded by `schema`, or a refusal that names the option and what it accepts. */
export const optionValue = <A, I>(
  schema: Schema.Codec<A, I>,
  option: string,
  value: unknown,
  accepted?: string,
) =>
  Schema.decodeUnknownEffect(schema)(value).pipe(
    Effect.mapError(
      () =>
        new AdminOperationRefused({
          message: `${option} ${String(value)} is not valid${accepted === undefined ? "" : `: one of ${accepted}`}`,
        }),
    ),
  )

/** A whole number of minor units (cents) or units as typed; never a float. */
export const wholeNumber = (option: string, value: string, minimum = 0) =>
  /^\d+$/.test(value.trim()) && Number(value) >= minimum && Number.isSafeInteger(Number(value))
    ? Effect.succeed(Number(value))
    : refuse(`${option} must be a whole number ≥ ${minimum} (got ${JSON.stringify(value)})`)

export const DAY_MS = 86_400_000

/** A UTC day as typed (yyyy-mm-dd), as the epoch milliseconds it starts at. */
export const dayStart = (option: string, value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? Effect.succeed(Date.parse(`${value}T00:00:00Z`))
    : refuse(`${option} must be a day, yyyy-mm-dd (got ${value})`)
