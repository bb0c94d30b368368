import { Context, Effect, Layer } from "effect"
import type { RecentAttempts } from "../Limits.ts"

export interface AttemptWindow {
  /** What is counted: "sign-in:address:1.2.3.4", "email:recipient:ann@example.com", … */
  readonly key: string
  readonly now: number
  /** Attempts older than this window are forgotten. */
  readonly windowMs: number
}

export interface AttemptInput extends AttemptWindow {
  /** Record this attempt only while fewer than `recordBelow` are in the window (a quota's refusals do not count). */
  readonly recordBelow?: number | undefined
}

/**
 * Port: a log of attempts per key, shared by every app process (the PostgreSQL adapter keeps it in the
 * database, as sessions are). `hit` answers what the window held before this attempt and records it
 * (unless `recordBelow` says the window is full), in one step; `recent` only reads; `clear` forgets a key
 * (a successful sign-in).
 */
export class AttemptLog extends Context.Service<
  AttemptLog,
  {
    readonly hit: (input: AttemptInput) => Effect.Effect<RecentAttempts>
    readonly recent: (window: AttemptWindow) => Effect.Effect<RecentAttempts>
    readonly clear: (key: string) => Effect.Effect<void>
  }
>()("@landunits/core/limits/ports/AttemptLog") {
  static readonly layerMemory = Layer.sync(AttemptLog)(() => {
    const hits = new Map<string, Array<number>>()
    const inWindow = ({ key, now, windowMs }: AttemptWindow) =>
      (hits.get(key) ?? []).filter((at) => at > now - windowMs)
    const summary = (recent: ReadonlyArray<number>): RecentAttempts => ({
      count: recent.length,
      oldest: recent.length === 0 ? undefined : Math.min(...recent),
      latest: recent.length === 0 ? undefined : Math.max(...recent),
    })
    return {
      hit: (input) =>
        Effect.sync(() => {
          const recent = inWindow(input)
          const before = summary(recent)
          if (input.recordBelow === undefined || recent.length < input.recordBelow) recent.push(input.now)
          hits.set(input.key, recent)
          return before
        }),
      recent: (window) => Effect.sync(() => summary(inWindow(window))),
      clear: (key) =>
        Effect.sync(() => {
          hits.delete(key)
        }),
    }
  })
}
