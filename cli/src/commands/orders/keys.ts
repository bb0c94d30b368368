/** Idempotency keys of admin commands: the same command line run twice (a retried shell line) acts once. */
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"

export const cliKey = (command: string, subject: string) => IdempotencyKey.make(`cli:${command}:${subject}`)
