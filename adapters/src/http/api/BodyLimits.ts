/**
 * How large a request body may be (docs/api.md, "Limits"). A body is measured while it is read, and a
 * declared Content-Length over the limit is refused before any of it is read: 413 `{ message }`.
 *
 * - JSON (and any body that is not multipart): 1 MiB. The largest form the API takes (the profile's kycInfo)
 *   is a few kilobytes.
 * - Multipart (the profile and KYC form, POST /user/update_profile): each file at most 8 MB (spec §9,
 *   8,388,608 bytes), each text field at most 256 KiB, at most 20 parts, and the whole body at most the
 *   four files plus 1 MiB for the fields and the parts' headers.
 */
import { UPLOAD_MAX_BYTES } from "@landunits/core/shared/Constants.ts"
import { SpecMessage } from "@landunits/core/validation/Messages.ts"

const MiB = 1024 * 1024

export const JSON_BODY_MAX_BYTES = 1 * MiB

/** The files the profile form may carry: passport, optional document, registration document, business document. */
export const UPLOAD_FILE_SLOTS = 4
export const MULTIPART_FIELD_MAX_BYTES = 256 * 1024
export const MULTIPART_MAX_PARTS = 20
/** The fields of a multipart form together, with every part's headers. */
export const MULTIPART_FORM_MAX_BYTES = 1 * MiB
export const MULTIPART_BODY_MAX_BYTES = UPLOAD_FILE_SLOTS * UPLOAD_MAX_BYTES + MULTIPART_FORM_MAX_BYTES

/** What a person reads when a body is over a limit. */
export const BodyTooLargeMessage = {
  json: "This request is too large: a request may carry at most 1 MiB of data.",
  /** One file over 8 MB: the spec's upload message. */
  file: SpecMessage.fileTooLarge,
  upload: "This upload is too large: send at most 4 files of less than 8Mb each in one form.",
  field: "A field of this form is too long: each may hold at most 256 KiB.",
  parts: "This form has too many parts: it may hold at most 20.",
} as const

/**
 * A multipart form whose parts cannot be read: most often a file whose name holds a C0 control character (ESC,
 * say), which no part's header may carry. Names with other characters are kept under a safe display name
 * (core's kyc/Upload.ts, uploadDisplayName).
 */
export const MalformedFormMessage =
  "This form could not be read: a file's name holds a control character, or a part is malformed. Rename the file and send it again."
