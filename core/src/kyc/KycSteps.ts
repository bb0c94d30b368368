/**
 * The steps the KYC use cases share (KycService.ts): who may read, change or decide on a member's KYC, the
 * member's contact and record, a status change by the lifecycle, and changed details saved.
 */
import { Clock, Effect, Option } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import { type Actor, isOwnerOrAdmin } from "../access/AccessModel.ts"
import type { MemberId } from "../shared/Ids.ts"
import { InvalidKycTransition, KycMemberNotFound } from "./KycErrors.ts"
import { type KycEvent, nextKycStatus } from "./KycLifecycle.ts"
import { emptyKycInfo, type KycInfo } from "./KycModel.ts"
import type { KycRecord } from "./KycRecord.ts"
import { KycStore } from "./ports/KycStore.ts"
import { MemberDirectory } from "./ports/MemberDirectory.ts"

export const makeKycSteps = Effect.gen(function* () {
  const store = yield* KycStore
  const directory = yield* MemberDirectory

  const requireOwnerOrAdmin = (actor: Actor, memberId: MemberId) =>
    isOwnerOrAdmin(actor, memberId)
      ? Effect.void
      : Effect.fail(new Forbidden({ message: "Only the member and admins can see this member's KYC" }))
  const requireOwner = (actor: Actor, memberId: MemberId) =>
    actor.memberId === memberId
      ? Effect.void
      : Effect.fail(new Forbidden({ message: "Only the member can change or submit their KYC details" }))
  const requireAdminOfOther = (actor: Actor, memberId: MemberId) =>
    !actor.isAdmin
      ? Effect.fail(new Forbidden({ message: "Only admins can decide on KYC verification" }))
      : actor.memberId === memberId
        ? Effect.fail(new Forbidden({ message: "An admin cannot decide on their own KYC verification" }))
        : Effect.void

  const contactOf = (memberId: MemberId) =>
    Effect.flatMap(directory.contact(memberId), (found) =>
      Option.match(found, {
        onNone: () => Effect.fail(new KycMemberNotFound({ message: `No member ${memberId}`, memberId })),
        onSome: Effect.succeed,
      }),
    )

  const recordOf = (memberId: MemberId) =>
    Effect.map(
      store.get(memberId),
      Option.getOrElse((): KycRecord => ({ memberId, kycInfo: emptyKycInfo, updatedAt: 0 })),
    )

  const moved = (record: KycRecord, event: KycEvent) => {
    const from = record.kycInfo.kycStatus
    const to = nextKycStatus(from, event)
    return to === undefined
      ? Effect.fail(
          new InvalidKycTransition({
            message: `KYC cannot be ${event} while it is ${from}`,
            from,
            event,
          }),
        )
      : Effect.succeed(to)
  }

  /** Saves `kycInfo` as changed details: the status becomes Details Saved (any status allows it). */
  const saveChanged = Effect.fnUntraced(function* (record: KycRecord, kycInfo: KycInfo) {
    const kycStatus = nextKycStatus(record.kycInfo.kycStatus, "detailsChanged") ?? "Details Saved"
    const updated: KycRecord = {
      ...record,
      kycInfo: { ...kycInfo, kycStatus },
      updatedAt: yield* Clock.currentTimeMillis,
    }
    yield* store.save(updated)
    return updated
  })

  return { requireOwnerOrAdmin, requireOwner, requireAdminOfOther, contactOf, recordOf, moved, saveChanged }
})

export type KycSteps = Effect.Success<typeof makeKycSteps>
