import { Schema } from "effect"

export class ApprovalNotFound extends Schema.TaggedError<ApprovalNotFound>()(
  "ApprovalNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** The decision is not allowed: one's own request, a request already decided or expired. */
export class ApprovalRefused extends Schema.TaggedError<ApprovalRefused>()(
  "ApprovalRefused",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** An input the four-eyes rules refuse (a threshold that is not a whole number of minor units). */
export class InvalidApprovalInput extends Schema.TaggedError<InvalidApprovalInput>()(
  "InvalidApprovalInput",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}
