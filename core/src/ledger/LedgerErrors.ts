import { Schema } from "effect"
import { UnitType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"
import { MemberBucket } from "./LedgerModel.ts"

/** A batch would take a member account below zero; nothing of the batch is appended. */
export class InsufficientUnits extends Schema.TaggedError<InsufficientUnits>()(
  "InsufficientUnits",
  {
    message: Schema.String,
    memberId: MemberId,
    unitType: UnitType,
    bucket: MemberBucket,
    balance: Schema.Int,
    requested: Schema.Int,
  },
  { httpApiStatus: 409 },
) {}

/** A transfer that can never be valid (no Units, or from an account to itself). A bug in the caller. */
export class InvalidTransfer extends Schema.TaggedError<InvalidTransfer>()(
  "InvalidTransfer",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}

/**
 * A checkpoint that must not be signed: the ledger no longer continues the last checkpoint (rows deleted, edited
 * or inserted since), or its stored state is unusable. Nothing is written; the message says what was found.
 */
export class CheckpointRefused extends Schema.TaggedError<CheckpointRefused>()("CheckpointRefused", {
  message: Schema.String,
}) {}
