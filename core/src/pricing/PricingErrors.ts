import { Schema } from "effect"

/** 400: a price history range the clock refuses (it ends after today); `path` names the field. */
export class PriceHistoryRangeInvalid extends Schema.TaggedError<PriceHistoryRangeInvalid>()(
  "PriceHistoryRangeInvalid",
  { message: Schema.String, path: Schema.String },
  { httpApiStatus: 400 },
) {}
