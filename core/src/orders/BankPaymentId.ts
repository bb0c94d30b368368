/**
 * The payment reference a member writes on a bank transfer (spec §9, decisions.md): by default the last
 * BANK_PAYMENT_ID_LENGTH (5) characters of the orderId; a shorter orderId is its own reference.
 */
import { BANK_PAYMENT_ID_LENGTH } from "../shared/Constants.ts"

export const bankPaymentId = (orderId: string): string => orderId.slice(-BANK_PAYMENT_ID_LENGTH)
