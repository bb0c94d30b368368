/**
 * A failed command's one line (issue 39): the refusal's own message, a defect's own message (a document sealed under
 * a key the settings lack, a restore drill refusing to sign), and for a database that cannot be read, what the
 * driver said and what to check; never a printed Cause (`Cause([Die(…)])`).
 */
import { Cause } from "effect"

export interface FailureWords {
  /** The error's tag (`AdminRefused`, `DocumentUnreadable`, `SqlError`…), `Defect` for a bare one. */
  readonly tag: string
  readonly message: string
}

const messageOf = (value: unknown): string | undefined => {
  const message = (value as { message?: unknown } | null)?.message
  return typeof message === "string" && message !== "" ? message : undefined
}

const tagOf = (value: unknown): string | undefined => {
  const tag = (value as { _tag?: unknown } | null)?._tag
  return typeof tag === "string" ? tag : undefined
}

/** The driver's own reason inside an SQL error (`connect ECONNREFUSED 127.0.0.1:5432`), if it gives one. */
const driverReason = (error: unknown): string | undefined => {
  const reason = (error as { reason?: { cause?: unknown } } | null)?.reason
  return messageOf(reason?.cause) ?? messageOf((error as { cause?: unknown } | null)?.cause)
}

const words = (value: unknown, fallback: string): FailureWords => {
  const tag = tagOf(value) ?? fallback
  if (tag === "SqlError") {
    const reason = driverReason(value)
    return {
      tag,
      message: `the database could not be read: ${messageOf(value) ?? "an SQL error"}${reason === undefined ? "" : ` (${reason})`}. Is it running, and are DATABASE_URL (or DATA_DIR) the app's?`,
    }
  }
  return { tag, message: messageOf(value) ?? String(value) }
}

/** The first failure or defect of `cause`, in words. */
export const failureOf = (cause: Cause.Cause<unknown>): FailureWords => {
  for (const reason of cause.reasons) {
    if (Cause.isFailReason(reason)) return words(reason.error, "Error")
    if (Cause.isDieReason(reason)) return words(reason.defect, "Defect")
  }
  return { tag: "Interrupted", message: "the command was interrupted" }
}
