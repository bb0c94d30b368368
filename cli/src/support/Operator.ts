/**
 * Who operates the CLI (docs/decisions.md, "The admin CLI's operator"):
 * - `--as <email>` (or LANDUNITS_ADMIN) names the operator; it must be an enabled account with the admin
 *   role. Every audit entry records that admin as the actor, and the OS user of the shell beside it.
 * - Without `--as`, only bootstrap work runs (db migrate/status/seed, and making the first admin of an
 *   installation that has none); its audit entries name the OS user as `os:<name>`.
 */
import * as os from "node:os"
import { type Actor, adminActor } from "@landunits/core/access/AccessModel.ts"
import { auditAdmin } from "@landunits/core/access/AdminUseCase.ts"
import { adminNamed } from "@landunits/core/accounts/MembersAdmin.ts"
import { type ActorAdmin, byAdmin } from "@landunits/core/orders/OrderTimeline.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { AdminRefused } from "./AdminRefused.ts"
import { requireAdminSecondFactor } from "./SecondFactorGate.ts"

/** The shell's user, as the OS knows it. */
export const osUser = (): string => {
  try {
    return os.userInfo().username
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? "unknown"
  }
}

export interface Operator {
  /** The actor core's use cases check (an admin, or for bootstrap work the OS user, not an admin). */
  readonly actor: Actor
  /** The admin's email, when an admin acts. */
  readonly email: string | undefined
  readonly osUser: string
}

/** An admin operating: also as an order's timeline names them (id, name and email as their account reads now). */
export interface AdminOperator extends Operator {
  readonly orderActor: ActorAdmin
}

export const SAY_WHO_ACTS = "Say who acts: --as <admin email> (or set LANDUNITS_ADMIN)"

/** The admin named by `--as`; refuses nobody, an unknown email, a member without the admin role, a disabled admin. */
export const requireAdmin = (email: string | undefined) =>
  Effect.gen(function* () {
    if (email === undefined || email.trim() === "") return yield* new AdminRefused({ message: SAY_WHO_ACTS })
    const admin = yield* adminNamed(email)
    yield* requireAdminSecondFactor(admin)
    return {
      actor: adminActor(admin.memberId),
      email: admin.email,
      osUser: osUser(),
      orderActor: byAdmin({
        adminId: admin.memberId,
        name: `${admin.firstName} ${admin.lastName}`.trim(),
        email: admin.email,
      }),
    } satisfies AdminOperator
  })

/** Bootstrap work: the admin named by `--as` when given, else the OS user. */
export const bootstrapOperator = (email: string | undefined) =>
  email === undefined || email.trim() === ""
    ? Effect.succeed<Operator>({
        actor: { memberId: MemberId.make(`os:${osUser()}`), isAdmin: false },
        email: undefined,
        osUser: osUser(),
      })
    : requireAdmin(email)

/**
 * Writes what the operator changed to the audit log: who (admin and OS user), when, what. For the infrastructure
 * commands only (db seed, documents rekey): the admin's use cases audit what they do in core.
 */
export const audit = (
  operator: Operator,
  action: string,
  subject: string,
  details: Readonly<Record<string, string>> = {},
) =>
  auditAdmin(
    { actor: operator.actor.memberId, via: "cli", osUser: operator.osUser },
    action,
    subject,
    details,
  )
