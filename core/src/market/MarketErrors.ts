import { Schema } from "effect"

/** 404: no active reference code by that name (unknown and disabled codes answer alike). */
export class ReferenceCodeNotFound extends Schema.TaggedError<ReferenceCodeNotFound>()(
  "ReferenceCodeNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

export const MarketMessages = {
  referenceCodeNotFound: "This reference code is not valid or is no longer active.",
} as const
