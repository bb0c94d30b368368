import { Schema } from "effect"
import { KycStatus } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"

export class KycMemberNotFound extends Schema.TaggedError<KycMemberNotFound>()(
  "KycMemberNotFound",
  { message: Schema.String, memberId: MemberId },
  { httpApiStatus: 404 },
) {}

export class KycDocumentNotFound extends Schema.TaggedError<KycDocumentNotFound>()(
  "KycDocumentNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** Submission refused: the listed required fields (tooltip labels, in form order) are missing. */
export class KycIncomplete extends Schema.TaggedError<KycIncomplete>()(
  "KycIncomplete",
  { message: Schema.String, missingFields: Schema.Array(Schema.String) },
  { httpApiStatus: 400 },
) {}

/** The KYC status does not allow this move (e.g. approving a member who has not submitted). */
export class InvalidKycTransition extends Schema.TaggedError<InvalidKycTransition>()(
  "InvalidKycTransition",
  { message: Schema.String, from: KycStatus, event: Schema.String },
  { httpApiStatus: 409 },
) {}

export class KycFileTooLarge extends Schema.TaggedError<KycFileTooLarge>()(
  "KycFileTooLarge",
  { message: Schema.String },
  { httpApiStatus: 413 },
) {}

export class KycUnsupportedFileType extends Schema.TaggedError<KycUnsupportedFileType>()(
  "KycUnsupportedFileType",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}

/** A document for a section that is not there (a passport file before the passport details, business documents of a USER). */
export class KycDocumentSlotUnavailable extends Schema.TaggedError<KycDocumentSlotUnavailable>()(
  "KycDocumentSlotUnavailable",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

export class InvalidKycReason extends Schema.TaggedError<InvalidKycReason>()(
  "InvalidKycReason",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}
