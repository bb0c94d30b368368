import { Schema } from "effect"

/** Closing the account would leave Units, open orders or payouts behind; the message says which. */
export class AccountClosureRefused extends Schema.TaggedError<AccountClosureRefused>()(
  "AccountClosureRefused",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** The closing form's confirmation (the member's email) is missing or wrong. */
export class ClosureNotConfirmed extends Schema.TaggedError<ClosureNotConfirmed>()(
  "ClosureNotConfirmed",
  {
    message: Schema.String,
    errors: Schema.Array(Schema.Struct({ path: Schema.String, message: Schema.String })),
  },
  { httpApiStatus: 400 },
) {}

/** No such export of the member's (another member's export answers this too, exactly as a missing one). */
export class DataExportNotFound extends Schema.TaggedError<DataExportNotFound>()(
  "DataExportNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** The export is still being built (or its build failed). */
export class DataExportNotReady extends Schema.TaggedError<DataExportNotReady>()(
  "DataExportNotReady",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** The export's download time is over; its archive is gone. */
export class DataExportExpired extends Schema.TaggedError<DataExportExpired>()(
  "DataExportExpired",
  { message: Schema.String },
  { httpApiStatus: 410 },
) {}
