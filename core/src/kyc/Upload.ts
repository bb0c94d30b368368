/**
 * Checks on an uploaded KYC document (passport file, optional document, registration document),
 * pure: the caller reads the size and the first bytes, this module decides.
 * A file is judged by its content (magic bytes), never by its name or the type the browser claims. Its name is
 * kept for display only, made safe first (`uploadDisplayName`).
 */
import { Schema } from "effect"
import { UPLOAD_MAX_BYTES } from "../shared/Constants.ts"
import { SpecMessage } from "../validation/Messages.ts"

export const UploadFileTypes = ["pdf", "png", "jpeg"] as const
export const UploadFileType = Schema.Literals(UploadFileTypes)
export type UploadFileType = typeof UploadFileType.Type

/** The content type to store and serve each accepted file type with. */
export const UploadContentType: Readonly<Record<UploadFileType, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
}

const SIGNATURES: ReadonlyArray<readonly [UploadFileType, ReadonlyArray<number>]> = [
  ["pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], // \x89PNG\r\n\x1a\n
  ["jpeg", [0xff, 0xd8, 0xff]],
]

/** How many leading bytes `detectFileType` needs to recognise every accepted type. */
export const MAGIC_BYTES_LENGTH = 8

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>): boolean =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)

/** The type of a file from its first bytes: "pdf", "png", "jpeg", or undefined for anything else. */
export const detectFileType = (bytes: Uint8Array): UploadFileType | undefined =>
  SIGNATURES.find(([, signature]) => startsWith(bytes, signature))?.[0]

export interface UploadCandidate {
  /** Size of the whole file, in bytes. */
  readonly size: number
  /** The file's first bytes (at least MAGIC_BYTES_LENGTH of them when the file has that many). */
  readonly firstBytes: Uint8Array
}

export type UploadCheck =
  | { readonly ok: true; readonly fileType: UploadFileType; readonly contentType: string }
  | {
      readonly ok: false
      /** "tooLarge" maps to HTTP 413, "unsupportedType" to 400. */
      readonly reason: "tooLarge" | "unsupportedType"
      readonly message: string
    }

/** Accepts a file of at most UPLOAD_MAX_BYTES (8 MB) whose content is a PDF, PNG or JPEG. Size is checked first. */
export const checkUpload = ({ size, firstBytes }: UploadCandidate): UploadCheck => {
  if (size > UPLOAD_MAX_BYTES) return { ok: false, reason: "tooLarge", message: SpecMessage.fileTooLarge }
  const fileType = detectFileType(firstBytes)
  return fileType === undefined
    ? { ok: false, reason: "unsupportedType", message: SpecMessage.unsupportedFileType }
    : { ok: true, fileType, contentType: UploadContentType[fileType] }
}

/** The longest display name kept for an uploaded file, in characters. */
export const UPLOAD_NAME_MAX_LENGTH = 255

/** What an uploaded file's name is kept under when nothing displayable is left of it. */
export const UPLOAD_NAME_FALLBACK = "document"

// Control characters (C0, DEL, C1: a terminal reads ESC and U+009B as the start of a command), the format
// characters that reorder or hide text (bidirectional embeddings, overrides, isolates and marks; zero-width ones),
// and half of a UTF-16 surrogate pair (no UTF-8 form).
const UNSAFE_IN_NAME =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters a displayed name must not hold
  /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * The name an uploaded file is stored and shown under: the last part of the name the browser sent (no folder),
 * each control, bidirectional-format or broken character replaced by "_", spaces collapsed, at most
 * UPLOAD_NAME_MAX_LENGTH characters; "document" when nothing is left. Whoever displays it (the member's page, the
 * admin's terminal) shows text, never a command: "\u009b31m.pdf" is kept as "_31m.pdf".
 */
export const uploadDisplayName = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? ""
  const cleaned = base.replace(UNSAFE_IN_NAME, "_").replace(/\s+/g, " ").trim()
  const short = Array.from(cleaned).slice(0, UPLOAD_NAME_MAX_LENGTH).join("").trim()
  return short === "" || short === "." || short === ".." ? UPLOAD_NAME_FALLBACK : short
}
