/**
 * The admins' use case on the ledger's checkpoints (`landunits ledger checkpoint`, issue 21/37): a signed
 * checkpoint taken now (LedgerCheckpointService.take), audited when this call took it.
 */
import { Effect } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { auditAdmin } from "../access/AdminUseCase.ts"
import { LedgerCheckpointService } from "./LedgerCheckpointService.ts"

/** Takes a checkpoint now (or answers the one another process took a moment ago), with the key to check it by. */
export const takeCheckpoint = Effect.fn("LedgerAdmin.takeCheckpoint")(function* (acting: ActingAdmin) {
  const service = yield* LedgerCheckpointService
  const result = yield* service.take
  if (result.taken) {
    yield* auditAdmin(acting, "ledger.checkpoint", `checkpoint:${result.checkpoint.number}`, {
      treeSize: String(result.checkpoint.treeSize),
      merkleRoot: result.checkpoint.merkleRoot,
    })
  }
  return { ...result, publicKey: service.publicKey }
})
