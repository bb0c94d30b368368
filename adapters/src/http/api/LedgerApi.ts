/**
 * The ledger's public proofs (issue 21, docs/ledger.md §10–12): the signed checkpoints, newest first a page at
 * a time, and the key that signs them, for anyone (no session: an outsider must be able to keep and check
 * them); a member's inclusion proof of one of their orders against the latest checkpoint (another member's
 * order answers exactly as a missing one, 404); and a member's proof of liabilities: their own leaves in the
 * latest checkpoint's liabilities trees (docs/ledger/13-proof-of-liabilities.md).
 */
import {
  CheckpointPage,
  CheckpointPageQuery,
  LedgerPublicKey,
  LiabilitiesProof,
  OrderProof,
} from "@landunits/core/ledger/CheckpointModel.ts"
import { OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

/** Checkpoints never change: a page of older ones is cached a day, the newest page a minute. */
export const CHECKPOINTS_CACHE = "public, max-age=60"
export const OLDER_CHECKPOINTS_CACHE = "public, max-age=86400"
/** The key changes only when an operator rotates it. */
export const PUBLIC_KEY_CACHE = "public, max-age=3600"

export class LedgerApi extends HttpApiGroup.make("ledger").add(
  HttpApiEndpoint.get("checkpoints", "/ledger/checkpoints", {
    query: CheckpointPageQuery,
    success: CheckpointPage,
  }),
  HttpApiEndpoint.get("publicKey", "/ledger/public-key", { success: LedgerPublicKey }),
  HttpApiEndpoint.get("proof", "/ledger/proof/:orderId", {
    params: { orderId: OrderId },
    success: OrderProof,
    error: OrderNotFound,
  }).middleware(Authentication),
  HttpApiEndpoint.get("liabilitiesProof", "/ledger/liabilities/proof", {
    success: LiabilitiesProof,
  }).middleware(Authentication),
) {}
