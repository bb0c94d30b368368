import { Schema } from "effect"

/** A message that breaks the chat's rules (blank, too long); the message says which. */
export class InvalidSalesMessage extends Schema.TaggedError<InvalidSalesMessage>()(
  "InvalidSalesMessage",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}

/** An admin asked for the thread of a member who does not exist. */
export class SalesChatMemberNotFound extends Schema.TaggedError<SalesChatMemberNotFound>()(
  "SalesChatMemberNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}
