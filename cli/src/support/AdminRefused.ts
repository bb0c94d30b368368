/**
 * The CLI's refusal to act for an operator: not an admin, no second factor, a wrong code. Its own module because
 * both the operator check (Operator.ts) and the second-factor gate it calls (SecondFactorGate.ts) refuse with it.
 */
import { Schema } from "effect"

export class AdminRefused extends Schema.TaggedError<AdminRefused>()("AdminRefused", {
  message: Schema.String,
}) {}
