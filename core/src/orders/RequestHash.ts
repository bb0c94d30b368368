/**
 * The hash stored with an idempotency key: SHA-256 (hex) of the command name and its request as canonical
 * JSON (object keys sorted, undefined left out). Pure and synchronous, so core stays free of I/O: SHA-256
 * comes from @noble/hashes (audited, no dependencies, the same in Node and the browser), not node:crypto.
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"

/** JSON with object keys sorted at every level: equal requests give equal text. */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null"
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)))

/** The hash of a command's request, stored with its idempotency key. */
export const requestHash = (command: string, request: unknown): string =>
  sha256Hex(canonicalJson({ command, request }))
