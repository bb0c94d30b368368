/**
 * The rate limits, observed (docs/operations.md, "Metrics"): core's LimitsService, and session recording's daily
 * budget (RecordingService.record), with every refusal counted in
 * `landunits_rate_limited_total{limit}`, by the limit that refused (core/src/limits/LimitErrors.ts): `sign-in`
 * (the sign-in throttle: its growing delay), `emails-to-recipient`, `emails-from-address`, `contact-messages`, `recording-batches`, `recording-storage-address`, `recording-storage-installation`, `recordings-started`, `second-factor`, `recipient-lookups`, `password-proof`.
 * Each refusal is a 429 answer.
 */
import { TooManyAttempts } from "@landunits/core/limits/LimitErrors.ts"
import { LimitsService } from "@landunits/core/limits/LimitsService.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import { Effect, Layer, Metric } from "effect"
import { rateLimited } from "./Metrics.ts"

const counted = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.tapError(effect, (error) =>
    error instanceof TooManyAttempts
      ? Metric.update(rateLimited({ limit: error.limit ?? "other" }), 1)
      : Effect.void,
  )

/** LimitsService with its refusals counted. */
export const observeLimitsService = (service: LimitsService["Service"]): LimitsService["Service"] => ({
  ...service,
  signIn: (input) => counted(service.signIn(input)),
  secondFactor: (memberId) => counted(service.secondFactor(memberId)),
  publicEmail: (input) => counted(service.publicEmail(input)),
  contactMessage: (address) => counted(service.contactMessage(address)),
  recordingBatch: (address) => counted(service.recordingBatch(address)),
  recipientLookup: (memberId) => counted(service.recipientLookup(memberId)),
  passwordProof: (memberId) => counted(service.passwordProof(memberId)),
})

/** Core's LimitsService, observed: given where the app composes it (AppLayer.ts). */
export const LimitsServiceObserved = Layer.effect(LimitsService)(
  Effect.map(Effect.service(LimitsService), observeLimitsService),
).pipe(Layer.provide(LimitsService.layer))

/** RecordingService with the refusals of its daily storage budget counted. */
export const RecordingServiceObserved = Layer.effect(RecordingService)(
  Effect.map(Effect.service(RecordingService), (service) => ({
    ...service,
    record: (batch, sender) => counted(service.record(batch, sender)),
  })),
).pipe(Layer.provide(RecordingService.layer))
